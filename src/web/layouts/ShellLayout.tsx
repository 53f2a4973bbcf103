import { useRef } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { SiteFooter } from './SiteFooter';
import { SiteNavbar } from './SiteNavbar';
import { useTitleFromHeading } from './useTitleFromHeading';

export function ShellLayout() {
  const main = useRef<HTMLElement>(null);
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
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
