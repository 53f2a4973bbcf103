// The current user kept in localStorage so the menu renders before the server answers.
import { userSchema, type User } from '../../../common/schemas/auth';

const STORAGE_KEY = 'currentUser';

export function readCachedUser(): User | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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
