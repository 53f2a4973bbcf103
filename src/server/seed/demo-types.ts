// Shapes of the demo data set. `key`s tie the demo files together and are never stored.
import type { ChapterTypeId, HostApplicationType } from '../../common/constants';
import type { StateAbbr } from '../../common/states';

export interface DemoChapter {
  key: string;
  title: string;
  slug: string;
  city: string;
  state: StateAbbr;
  postalCode: string;
  country: string;
  chapterTypeId: ChapterTypeId;
  status: 0 | 1;
  emailAlias: string;
  /** Whether the chapter gets a mailing list of the built-in provider (its brontoListId). */
  hasMailingList: boolean;
  sendInBlueListId: string | null;
  about: string;
}

export interface DemoEvent {
  chapter: string;
  name: string;
  slug: string;
  description: string;
  address1: string;
  address2?: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  lat: number;
  lng: number;
  /** 'HH:MM', 24-hour. */
  startTime: string;
  endTime: string;
  /** 0 = Sunday .. 6 = Saturday. */
  dayOfWeekIndex: number;
  /** Comma-separated recurrence option indexes: 0 every week .. 7 odd weeks. */
  weeksOfMonthIndexes: string;
  /** 'YYYY-MM-DD' for a one-off event. */
  singleDate?: string;
}

export interface DemoUser {
  name: string;
  email: string;
  /** Days before the seeding that the account was made. */
  daysAgo: number;
  /** Chapter keys where the user is a field organizer (role 2). */
  fieldOrganizerOf?: readonly string[];
  /** Chapter keys where the user is a chapter host (role 3). */
  hostOf?: readonly string[];
}

export interface DemoHostApplication {
  /** The applicant's email. */
  user: string;
  city: string;
  state: string;
  type: HostApplicationType;
  reason: string;
  slug: string;
  status: 'open' | 'approved' | 'approved_without_creation' | 'denied';
  isArchived: boolean;
  didHavePhoneCall: boolean;
  didSignAgreement: boolean;
  didGiveAdditionalInfo: boolean;
  /** The chapter made from it (key), for an approved application. */
  chapter?: string;
  daysAgo: number;
}

export interface DemoChapterPost {
  chapter: string;
  /** The author's email. */
  author: string | null;
  title: string;
  slug: string;
  body: string;
  daysAgo: number;
}

export interface DemoPressMention {
  chapter: string | null;
  title: string;
  url: string;
  notes: string;
  slug: string;
  isVisible: boolean;
  daysAgo: number;
}

export interface DemoBlogPost {
  title: string;
  slug: string;
  body: string;
  isPublic: boolean;
  daysAgo: number;
}

export interface DemoPage {
  title: string;
  slug: string;
  body: string;
  isPublic: boolean;
}

export interface DemoWikiPage extends DemoPage {
  isEditable: boolean;
}

export interface DemoChapterNote {
  chapter: string;
  /** The author's email. */
  author: string;
  note: string;
  adminOnly: boolean;
  daysAgo: number;
}

export interface DemoUserNote {
  /** Emails of the user the note is about and of its author. */
  about: string;
  author: string;
  note: string;
  daysAgo: number;
}

export interface DemoContact {
  email: string;
  status?: 'active' | 'unsub' | 'bounce' | 'blocked';
}
