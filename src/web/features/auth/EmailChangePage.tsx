import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner';
import { AuthCard } from './AuthCard';
import { accountKey, confirmEmailChange } from './authApi';
import { currentUserKey, useCurrentUser } from '../../hooks/useCurrentUser';

/**
 * The link mailed to a new address: opening it makes the change (docs/decisions/03-accounts.md).
 * A query, not a mutation, so that the one POST is shared by every render of the page.
 */
export function EmailChangePage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const confirm = useQuery({
    queryKey: ['email-change', token],
    queryFn: () => confirmEmailChange(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const changed = confirm.data?.result === 'ok';

  useEffect(() => {
    if (!changed) return;
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
    void queryClient.invalidateQueries({ queryKey: accountKey });
  }, [changed, queryClient]);

  if (confirm.isPending) return <PageSpinner label="Confirming your new email address..." />;
  if (confirm.isError) {
    return (
      <AuthCard title="Confirm your new email">
        <Alert variant="danger">Your email address could not be confirmed just now.</Alert>
        <Button onClick={() => void confirm.refetch()}>Try again</Button>
      </AuthCard>
    );
  }
  const next = user ? (
    <Link to="/settings" className="btn btn-primary">
      Back to Your Settings
    </Link>
  ) : (
    <Link to="/signin" className="btn btn-primary">
      Sign In
    </Link>
  );
  const { result, email } = confirm.data;
  if (result === 'ok') {
    return (
      <AuthCard title="Email address changed">
        <p>
          Great! Your email address is now <strong className="text-break">{email}</strong>. Use it
          to sign in from now on.
        </p>
        {next}
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your new email">
      <Alert variant="warning">
        {result === 'taken' ? (
          <>
            Another account already uses{' '}
            {email ? <strong className="text-break">{email}</strong> : 'this address'}, so your
            email address was not changed.
          </>
        ) : (
          'This link is invalid, used or expired. Ask for a new one in Your Settings.'
        )}
      </Alert>
      {next}
    </AuthCard>
  );
}
