import { useState, type ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink, useLocation } from 'react-router';
import { signOutAndLeave } from '../features/auth/signOutAndLeave';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { BrandLogo } from './BrandLogo';

function MenuLink({ to, state, children }: { to: string; state?: unknown; children: ReactNode }) {
  // eventKey lets collapseOnSelect close the phone menu after a choice.
  return (
    <Nav.Link as={NavLink} to={to} state={state} eventKey={to}>
      {children}
    </Nav.Link>
  );
}

/**
 * The account area while nobody knows yet who is signed in (the page came with a session cookie
 * and no user was kept from the last visit): neither a greeting nor "Sign In", which would tell a
 * signed-in user they are signed out. The server's frame draws the same (seo/html.ts).
 */
function AccountPending() {
  return (
    <span className="navbar-text account-pending placeholder-glow" data-account="unknown">
      <span className="placeholder w-100" aria-hidden="true" />
      <span className="visually-hidden">Checking your sign-in...</span>
    </span>
  );
}

/** Spec 1 §2 "Shell": the top menu. */
export function SiteNavbar() {
  const { user, isChecking } = useCurrentUser();
  const { pathname, search } = useLocation();
  // Held here rather than inside react-bootstrap's Navbar so that the Menu button can say
  // whether the menu is open (its toggle sets no aria-expanded of its own).
  const [expanded, setExpanded] = useState(false);
  return (
    <Navbar
      expand="md"
      className="site-navbar"
      collapseOnSelect
      expanded={expanded}
      onToggle={setExpanded}
      aria-label="Main"
    >
      <Container>
        <Navbar.Brand as={Link} to="/" className="site-brand">
          <BrandLogo />
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-menu" aria-expanded={expanded} label="Menu" />
        <Navbar.Collapse id="main-menu">
          <Nav className="me-auto">
            <MenuLink to="/about">About</MenuLink>
            <MenuLink to="/chapter_types">Chapter Types</MenuLink>
            {user?.hasChapters && <MenuLink to="/my_chapters">My Chapters</MenuLink>}
            {user?.isAdmin && <MenuLink to="/admin">Admin Tools</MenuLink>}
          </Nav>
          <Nav>
            {user ? (
              <>
                {/* Accounts are for hosts and would-be hosts: one without a chapter has applied,
                    or is about to. */}
                {!user.hasChapters && !user.isAdmin && (
                  <MenuLink to="/my_chapter_host_applications">My Applications</MenuLink>
                )}
                <MenuLink to="/settings">Hi, {user.name}</MenuLink>
                <Nav.Link
                  as="button"
                  type="button"
                  className="text-start"
                  onClick={() => void signOutAndLeave()}
                >
                  Sign Out
                </Nav.Link>
              </>
            ) : isChecking ? (
              <AccountPending />
            ) : (
              // The page it was followed from: someone with no chapter to run goes back there.
              <MenuLink to="/signin" state={{ from: `${pathname}${search}` }}>
                Sign In
              </MenuLink>
            )}
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
