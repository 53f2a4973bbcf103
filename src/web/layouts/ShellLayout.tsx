import { lazy, Suspense, useRef } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { SiteFooter } from './SiteFooter';
import { SiteNavbar } from './SiteNavbar';
import { useTitleFromHeading } from './useTitleFromHeading';

// Loaded only for the rare user who needs it: the first load of everyone else stays as small.
const FirstPasswordPage = lazy(() =>
  import('../features/auth/FirstPasswordPage').then((m) => ({ default: m.FirstPasswordPage })),
);

export function ShellLayout() {
  const main = useRef<HTMLElement>(null);
  const { user } = useCurrentUser();
  useTitleFromHeading(main);
  return (
    <div className="app-shell">
      <a
        href="#main"
        className="visually-hidden-focusable position-absolute top-0 start-0 p-2 m-1 bg-body z-3"
      >
        Skip to main content
      </a>
      <header>
        <SiteNavbar />
      </header>
      <main ref={main} id="main" className="app-main container py-4" tabIndex={-1}>
        {user?.passwordChangeRequired ? (
          // Whatever the address, a printed password is replaced before anything else.
          <Suspense fallback={<PageSpinner />}>
            <FirstPasswordPage user={user} />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
