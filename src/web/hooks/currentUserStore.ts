// The current user kept in localStorage so the menu renders before the server answers.
import type { User } from '../../common/schemas/auth';

const STORAGE_KEY = 'currentUser';

export function readCachedUser(): User | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    return asUser(JSON.parse(raw));
  } catch {
    // Storage can be disabled (private mode) or hold junk; either way, no cached user.
    return null;
  }
}

export function writeCachedUser(user: User | null): void {
  try {
    if (user) localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // A full or disabled storage only costs the instant menu on the next visit.
  }
}

const FLAGS = ['isAdmin', 'isFieldOrganizer', 'isChapterHost', 'hasChapters'] as const;
const isInt = (v: unknown) => Number.isInteger(v);
const isIntList = (v: unknown) => v === undefined || (Array.isArray(v) && v.every(isInt));

/**
 * The stored user when it still has the shape of common/schemas/auth.ts userSchema (it came from
 * our own server, but storage outlives a release). Checked by hand rather than with the schema so
 * that zod stays out of the home page's first load.
 */
function asUser(value: unknown): User | null {
  if (!value || typeof value !== 'object') return null;
  const u = value as Record<string, unknown>;
  const permissionsOk =
    Array.isArray(u.permissions) &&
    u.permissions.every(
      (p: unknown) =>
        !!p &&
        typeof p === 'object' &&
        isInt((p as Record<string, unknown>).roleId) &&
        ((p as Record<string, unknown>).chapterId === null ||
          isInt((p as Record<string, unknown>).chapterId)),
    );
  if (
    !isInt(u.id) ||
    typeof u.name !== 'string' ||
    typeof u.email !== 'string' ||
    !permissionsOk ||
    !FLAGS.every((k) => typeof u[k] === 'boolean') ||
    !isIntList(u.chapterHostChapterIds) ||
    !isIntList(u.fieldOrganizerChapterIds)
  )
    return null;
  // The schema's own defaults for values stored before these lists existed.
  return {
    ...(u as User),
    chapterHostChapterIds: (u.chapterHostChapterIds as number[] | undefined) ?? [],
    fieldOrganizerChapterIds: (u.fieldOrganizerChapterIds as number[] | undefined) ?? [],
  };
}
