// Who may do what (spec 1 §6, spec 2 §6): one truth for the server's guards and the UI's buttons.
import { CHAPTER_STATUS, ROLE } from './constants';
import type { Permission, User } from './schemas/auth';
import { isReservedAlias } from './reservedAliases';

/** The roles a user holds, as the API's user carries them (spec 1 §3 "User"). */
export interface RoleSummary {
  isAdmin: boolean;
  isFieldOrganizer: boolean;
  isChapterHost: boolean;
  hasChapters: boolean;
  chapterHostChapterIds: number[];
  fieldOrganizerChapterIds: number[];
}

export function summarizeRoles(permissions: readonly Permission[]): RoleSummary {
  const chaptersWith = (roleId: number) =>
    [...new Set(permissions.filter((p) => p.roleId === roleId).map((p) => p.chapterId))]
      .filter((id): id is number => id !== null)
      .sort((a, b) => a - b);
  const chapterHostChapterIds = chaptersWith(ROLE.chapterHost);
  const fieldOrganizerChapterIds = chaptersWith(ROLE.fieldOrganizer);
  return {
    isAdmin: permissions.some((p) => p.roleId === ROLE.admin),
    isFieldOrganizer: fieldOrganizerChapterIds.length > 0,
    isChapterHost: chapterHostChapterIds.length > 0,
    hasChapters: chapterHostChapterIds.length + fieldOrganizerChapterIds.length > 0,
    chapterHostChapterIds,
    fieldOrganizerChapterIds,
  };
}

type Someone = Pick<User, 'isAdmin' | 'chapterHostChapterIds' | 'fieldOrganizerChapterIds'> | null;

export function isAdmin(user: Someone): boolean {
  return user?.isAdmin === true;
}

/** Field-organizer-level access: a field organizer of that chapter, or an admin. */
export function hasFieldOrganizerAccess(user: Someone, chapterId: number): boolean {
  if (!user) return false;
  return user.isAdmin || user.fieldOrganizerChapterIds.includes(chapterId);
}

/** Host-level access: a host or field organizer of that chapter, or an admin. */
export function hasHostAccess(user: Someone, chapterId: number): boolean {
  if (!user) return false;
  return hasFieldOrganizerAccess(user, chapterId) || user.chapterHostChapterIds.includes(chapterId);
}

/** An active chapter is public; any other status is for host-level users only. */
export function canSeeChapter(user: Someone, chapter: { id: number; status: number }): boolean {
  return chapter.status === CHAPTER_STATUS.active || hasHostAccess(user, chapter.id);
}

/**
 * What the public API's answers depend on for this reader (the rules above: hidden chapters for
 * host-level users, non-public content for admins): null for anyone who reads exactly as a
 * visitor does (no one signed in, or no role that shows more), else 'admin' or the chapters they
 * hold host-level access to. Readers with the same view get the same answers, so screens key
 * such answers by it: a host's view is asked for once they are known, never taken from a page
 * drawn for visitors.
 */
export function readerView(user: Someone): string | null {
  if (!user) return null;
  if (user.isAdmin) return 'admin';
  const ids = [...new Set([...user.chapterHostChapterIds, ...user.fieldOrganizerChapterIds])];
  return ids.length === 0 ? null : `chapters:${ids.sort((a, b) => a - b).join(',')}`;
}

/** Non-public pages, blog posts and wiki pages are admin-only. */
export function canSeeContent(user: Someone, content: { isPublic: boolean }): boolean {
  return content.isPublic || isAdmin(user);
}

/** A reserved mailbox name (reservedAliases.ts) is an admin's to give out; any other, anyone's. */
export function mayUseAliasName(user: Someone, localPart: string): boolean {
  return isAdmin(user) || !isReservedAlias(localPart);
}

/** The level of access a change to each chapter field needs (spec 2 §2 Chapter Settings, §6). */
export const CHAPTER_FIELD_ACCESS = {
  // Page Content is a host's to write, and so are the chapter's reminders (issue 34): the host
  // is the one whose chore they take over.
  about: 'host',
  reminderDaysBefore: 'host',
  reminderHour: 'host',
  rsvpReminderHours: 'host',
  hostDigestHours: 'host',
  // Everything on Chapter Settings needs a field organizer of the chapter or an admin...
  title: 'fieldOrganizer',
  city: 'fieldOrganizer',
  state: 'fieldOrganizer',
  postalCode: 'fieldOrganizer',
  country: 'fieldOrganizer',
  chapterTypeId: 'fieldOrganizer',
  status: 'fieldOrganizer',
  emailAlias: 'fieldOrganizer',
  brontoListName: 'fieldOrganizer',
  brontoListId: 'fieldOrganizer',
  sendInBlueListId: 'fieldOrganizer',
  // ...and the slug, every link to the chapter, an admin.
  slug: 'admin',
} as const satisfies Record<string, 'host' | 'fieldOrganizer' | 'admin'>;
export type ChapterFieldName = keyof typeof CHAPTER_FIELD_ACCESS;

/**
 * Making a hidden chapter active, by its checklist's Make active (issue 35) or by the Status of
 * Chapter Settings: one rule for both, the status field's own. Spec 2 §2 puts Status on Chapter
 * Settings, which a field organizer of the chapter or an admin saves (§6 keeps only the slug for
 * admins), so the checklist's "admin's step" is theirs too.
 */
export function mayMakeChapterActive(user: Someone, chapterId: number): boolean {
  return mayChangeChapterField(user, chapterId, 'status');
}

export function mayChangeChapterField(
  user: Someone,
  chapterId: number,
  field: ChapterFieldName,
): boolean {
  switch (CHAPTER_FIELD_ACCESS[field]) {
    case 'host':
      return hasHostAccess(user, chapterId);
    case 'fieldOrganizer':
      return hasFieldOrganizerAccess(user, chapterId);
    case 'admin':
      return isAdmin(user);
  }
}
