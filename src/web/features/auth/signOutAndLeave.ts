import { signOut } from './authApi';
import { writeCachedUser } from '../../hooks/currentUserStore';

/** Sign Out (spec 1 §2), from the menu or Your Settings: ends the session and goes to /. */
export async function signOutAndLeave(): Promise<void> {
  try {
    await signOut();
  } catch (err) {
    console.warn('Sign-out failed', err); // only logged (spec 1 §8)
  }
  // A full load of / rather than a client navigation: it leaves nothing of the signed-in
  // session in memory, and a guarded screen never renders signed out (its guard would send to
  // sign-in, not to / as spec 1 §2 asks; a client navigation raced it in CI).
  writeCachedUser(null);
  window.location.assign('/');
}
