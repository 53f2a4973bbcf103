// Constants of both spec documents (§9 of each). Imported by server and browser alike.

/** The network's name, in page titles and mail. */
export const SITE_NAME = 'Living Liberally';

/** A page's title as the tab shows it, the same from the server and in the browser. */
export function pageTitle(title: string): string {
  return title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} – Find a chapter near you`;
}

export const ROLE = { admin: 1, fieldOrganizer: 2, chapterHost: 3 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export const ROLES: readonly { id: RoleId; name: string }[] = [
  { id: 1, name: 'Admin' },
  { id: 2, name: 'Field Organizer' },
  { id: 3, name: 'Chapter Host' },
];

export const CHAPTER_STATUS = { active: 1, hidden: 0 } as const;

/**
 * What a hidden chapter says to anyone without host-level access (spec 1 §2 Chapter screen): the
 * message of the API's 404 for it, and the chapter screen's text. A chapter that never existed
 * is 'Chapter not found.'
 */
export const CHAPTER_NOT_ACTIVE = 'This Chapter is not active.';

/** The six chapter types, seeded as data. `mailDomain` is the default of a per-type setting. */
export const CHAPTER_TYPES = [
  { id: 1, name: 'Drinking', hexColor: '#1f5fa8', mailDomain: 'drinkingliberally.org' },
  { id: 2, name: 'Screening', hexColor: '#7a3e9d', mailDomain: 'screeningliberally.org' },
  { id: 3, name: 'Living', hexColor: '#2e7d32', mailDomain: 'livingliberally.org' },
  { id: 4, name: 'Laughing', hexColor: '#c75b00', mailDomain: 'laughingliberally.org' },
  { id: 5, name: 'Dining', hexColor: '#b71c1c', mailDomain: 'diningliberally.org' },
  { id: 6, name: 'Reading', hexColor: '#00695c', mailDomain: 'readingliberally.org' },
] as const;
export type ChapterTypeId = (typeof CHAPTER_TYPES)[number]['id'];
/** The word after the type name in lists: "Drinking Liberally". */
export const CHAPTER_TYPE_SUFFIX = 'Liberally';
/**
 * The types a chapter's settings (and an admin's Add Chapter) offer: all six. The spec lists four
 * (spec 2 §1), and three on the host application (spec 1 §5): the original site's gap, as
 * Screening and Living chapters exist in its directory (docs/decisions/16-brand.md, issue 25).
 */
export const SETTINGS_CHAPTER_TYPE_IDS = [1, 2, 3, 4, 5, 6] as const;

/** The types a host application offers, by word, in the chapter types' order: all six. */
export const HOST_APPLICATION_TYPES = [
  'drinking',
  'screening',
  'living',
  'laughing',
  'dining',
  'reading',
] as const;
export type HostApplicationType = (typeof HOST_APPLICATION_TYPES)[number];
/** The chapter type an application's word names (an approved application's chapter starts so). */
export const HOST_APPLICATION_TYPE_ID: Record<HostApplicationType, ChapterTypeId> = {
  drinking: 1,
  screening: 2,
  living: 3,
  laughing: 4,
  dining: 5,
  reading: 6,
};
export const HOST_APPLICATION_STATUSES = [
  'open',
  'approved',
  'approved_without_creation',
  'denied',
] as const;
export type HostApplicationStatus = (typeof HOST_APPLICATION_STATUSES)[number];
export const HOST_APPLICATION_STATUS_LABEL: Record<HostApplicationStatus, string> = {
  open: 'Open',
  approved: 'Approved',
  approved_without_creation: 'Approved, No Chapter Created',
  denied: 'Denied',
};

// The spec's three, plus new host applications (shown to admins on their dashboard).
export const ACTIVITY_TYPES = [
  'chapter_note',
  'user_note',
  'press_mention',
  'chapter_host_application',
] as const;
export const EMAIL_SERVICES = ['bronto', 'sendInBlue'] as const;
export type EmailService = (typeof EMAIL_SERVICES)[number];

export const CONTACT_STATUSES = [
  'active',
  'onboarding',
  'transactional',
  'bounce',
  'blocked',
  'unconfirmed',
  'unsub',
  'deleted',
] as const;

/** Recurrence options by index (spec 1 §3). */
export const WEEKS_OF_MONTH = [
  'Every Week',
  'First',
  'Second',
  'Third',
  'Fourth',
  'Last Week of the Month',
  'Even Weeks',
  'Odd Weeks',
] as const;
export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export const LIMITS = {
  passwordMin: 6,
  resetLinkMinutes: 60,
  toastDelayMs: 5000,
  savedIndicatorMs: 3000,
  recentPressMentions: 8,
  nextEventDates: 4,
  userListMax: 300,
  minSearchLength: 2,
  recentMessagesMax: 5,
  recentMessagesDays: 90,
  /** A public sign-up's confirmation link works this long. */
  confirmLinkDays: 7,
  /** Signing up again within this long mails no second confirmation link. */
  confirmResendMinutes: 5,
  /**
   * Confirmation mails one address gets in a day, over every list (issue 31: 22 came in seconds,
   * one per list). Three covers a person signing up to a few chapters, or asking again for a
   * link that went to spam; past it the sign-up answers as ever, and no mail goes.
   */
  confirmMailsPerAddressPerDay: 3,
  /**
   * Header images one chapter takes an hour (issue 31: 15 uploads filled 42 to 102 MB). Ten is
   * more than a host trying images out needs; past it the upload is a 429.
   */
  headerUploadsPerHour: 10,
  /** A confirmation link is deleted this long after it expired; opened until then, it says so. */
  confirmKeepExpiredDays: 30,
  emailRedirectMs: 2000,
  chapterDropdownCloseMs: 200,
  /** Events one chapter may have: a real chapter has a handful; the cap keeps pages bounded. */
  eventsPerChapter: 50,
  /**
   * Notes one chapter, or one user, may have: notes cannot be deleted, so the caps are years of
   * real use; with the note's length they bound the notes answer (about 1 MB at most).
   */
  notesPerChapter: 200,
  notesPerUser: 200,
  noteChars: 5000,
  /** Press mentions one chapter may have, visible or not. */
  pressMentionsPerChapter: 100,
  /** A public press list's answer when no `limit` is asked for. */
  pressMentionsPage: 20,
  /**
   * What a press list on a screen shows at first, then adds with each More: few enough at first
   * that a chapter's or a state's page is drawn on the server within its budget.
   */
  pressMentionsShown: 5,
  pressMentionsMore: 20,
} as const;

export const MAP = {
  homeCenter: { lat: 39.828175, lng: -98.5795 },
  homeZoom: 4,
  focusZoom: 7,
  stateCenter: { lat: 42.9538, lng: -75.5268 },
  stateZoom: 5,
  chapterZoom: 15,
  pinSize: 40,
  infoWindowMaxWidth: 400,
  loadingFallbackMs: 3000,
} as const;

/** Fixed provider lists that are not chapter lists (spec 2 §9). */
export const FIXED_BREVO_LISTS = [
  { id: 3818, name: 'Living Liberally Newsletter' },
  { id: 3436, name: 'All Chapter Hosts' },
] as const;
