import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { Account } from '../../../common/schemas/auth';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { accountKey, fetchAccount } from './authApi';
import { EmailForm } from './settings/EmailForm';
import { NameForm } from './settings/NameForm';
import { PasswordForm } from './settings/PasswordForm';
import { SettingsSection } from './settings/SettingsSection';
import { signOutAndLeave } from './signOutAndLeave';
import { useSetCurrentUser } from '../../hooks/useCurrentUser';

/** Spec 1 §2 Your Settings: name, email and password, and Sign Out, which goes to /. */
export function SettingsPage() {
  const queryClient = useQueryClient();
  const setCurrentUser = useSetCurrentUser();
  const account = useQuery({ queryKey: accountKey, queryFn: fetchAccount, retry: false });
  const [busy, setBusy] = useState(false);

  function onSaved(saved: Account) {
    queryClient.setQueryData(accountKey, saved);
    setCurrentUser(saved.user); // the menu's greeting shows a new name at once
  }

  async function onSignOut() {
    setBusy(true);
    await signOutAndLeave();
  }

  return (
    <section aria-labelledby="settings-title" className="row">
      <div className="col-lg-8 col-xl-7">
        <h1 id="settings-title" className="h2 mb-4">
          Your Settings
        </h1>
        {account.isPending ? (
          <PageSpinner label="Loading your settings..." />
        ) : account.isError ? (
          <LoadFailedAlert what="settings" onRetry={() => void account.refetch()} />
        ) : (
          <>
            <SettingsSection title="Profile">
              <NameForm account={account.data} onSaved={onSaved} />
            </SettingsSection>
            <SettingsSection title="Email">
              <EmailForm account={account.data} onSaved={onSaved} />
            </SettingsSection>
            <SettingsSection title="Password">
              <PasswordForm account={account.data} onSaved={onSaved} />
            </SettingsSection>
          </>
        )}
        <Button variant="outline-danger" disabled={busy} onClick={() => void onSignOut()}>
          Sign Out
        </Button>
      </div>
    </section>
  );
}
