import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner';
import { useCurrentUser } from './useCurrentUser';

/** Spec 1 §2: a visitor without a current user goes to /signin with a returnUrl. */
export function RequireSignedIn() {
  const { user, isChecking } = useCurrentUser();
  const location = useLocation();
  if (isChecking) return <PageSpinner label="Checking your sign-in..." />;
  if (!user) {
    const target = location.pathname + location.search + location.hash;
    const to = target === '/' ? '/signin' : `/signin?returnUrl=${encodeURIComponent(target)}`;
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
