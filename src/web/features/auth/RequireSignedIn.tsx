import { Navigate, Outlet, useLocation } from 'react-router';
import { FirstLoadFallback } from '../../components/FirstLoadFallback';
import { PageSpinner } from '../../components/PageSpinner';
import { serverPath } from '../../serverFrame';
import { useCurrentUser } from '../../hooks/useCurrentUser';

/** Spec 1 §2: a visitor without a current user goes to /signin with a returnUrl. */
export function RequireSignedIn() {
  const { user, isChecking } = useCurrentUser();
  const location = useLocation();
  // Still on the first page: its frame as the server drew it stays (heading, placeholder).
  if (isChecking && location.pathname === serverPath) return <FirstLoadFallback />;
  if (isChecking) return <PageSpinner label="Checking your sign-in..." />;
  if (!user) {
    const target = location.pathname + location.search + location.hash;
    const to = target === '/' ? '/signin' : `/signin?returnUrl=${encodeURIComponent(target)}`;
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
