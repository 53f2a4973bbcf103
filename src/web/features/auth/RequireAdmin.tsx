import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner';
import { useCurrentUser } from '../../hooks/useCurrentUser';

/** Spec 2 §2: the admin check sends non-admins to /. Place it inside RequireSignedIn. */
export function RequireAdmin() {
  const { user, isChecking } = useCurrentUser();
  if (isChecking) return <PageSpinner label="Checking your sign-in..." />;
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
