import Button from 'react-bootstrap/Button';
import type { User } from '../../../common/schemas/auth';
import { useSetCurrentUser } from '../../hooks/useCurrentUser';
import { AuthCard } from './AuthCard';
import { PasswordForm } from './settings/PasswordForm';
import { signOutAndLeave } from './signOutAndLeave';

/**
 * Shown instead of any screen while the signed-in user's password is one `admin:create` printed
 * (docs/decisions/03-accounts.md): the API refuses their other writes until they set their own.
 * Once set, the screen they were on (or landed on) shows.
 */
export function FirstPasswordPage({ user }: { user: User }) {
  const setUser = useSetCurrentUser();
  return (
    <AuthCard title="Set a new password">
      <p>
        The password you signed in with was printed when your account was made, so it may still be
        in a terminal or a log. Before anything else, replace it with one of your own.
      </p>
      <PasswordForm
        account={{ user, pendingEmail: null }}
        onSaved={(account) => setUser(account.user)}
      />
      <p className="mt-4 mb-0">
        Not you?{' '}
        <Button
          variant="link"
          className="p-0 align-baseline"
          onClick={() => void signOutAndLeave()}
        >
          Sign Out
        </Button>
      </p>
    </AuthCard>
  );
}
