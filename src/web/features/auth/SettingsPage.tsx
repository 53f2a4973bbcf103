import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { signOut } from './authApi';
import { writeCachedUser } from './currentUserStore';
import { useCurrentUser } from './useCurrentUser';

/** Spec 1 §2 Your Settings: who you are, and Sign Out, which goes to /. */
export function SettingsPage() {
  const { user } = useCurrentUser();
  const [busy, setBusy] = useState(false);

  async function onSignOut() {
    setBusy(true);
    try {
      await signOut();
    } catch (err) {
      console.warn('Sign-out failed', err); // only logged (spec 1 §8)
    }
    // A full load of / rather than a client navigation: it leaves nothing of the signed-in
    // session in memory, and this guarded screen never renders signed out (its guard would
    // send to sign-in, not to / as spec 1 §2 asks; a client navigation raced it in CI).
    writeCachedUser(null);
    window.location.assign('/');
  }

  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title" className="h2">
        Your Settings
      </h1>
      <dl className="row mt-3">
        <dt className="col-sm-2">Name</dt>
        <dd className="col-sm-10">{user?.name}</dd>
        <dt className="col-sm-2">Email</dt>
        <dd className="col-sm-10">{user?.email}</dd>
      </dl>
      <Button variant="outline-danger" disabled={busy} onClick={() => void onSignOut()}>
        Sign Out
      </Button>
    </section>
  );
}
