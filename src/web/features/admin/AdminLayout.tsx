import Nav from 'react-bootstrap/Nav';
import { NavLink, Outlet } from 'react-router';

const MENU = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/chapter_host_applications', label: 'Host Applications' },
  { to: '/admin/chapters', label: 'Chapters' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/blog', label: 'Blog' },
  { to: '/admin/pages', label: 'Pages' },
  { to: '/admin/wiki', label: 'Wiki' },
  { to: '/admin/press_mentions', label: 'Press Mentions' },
  { to: '/admin/email', label: 'Email' },
  { to: '/admin/embed', label: 'Embed' },
  { to: '/admin/settings', label: 'Settings' },
] as const;

/**
 * Spec 2 keeps /admin/content and /admin/surveys as "Coming Soon!" pages. The menu says so
 * before they are opened, last, so no one goes looking for a tool that is not there yet.
 */
const COMING = [
  { to: '/admin/content', label: 'Content' },
  { to: '/admin/surveys', label: 'Surveys' },
] as const;

/** The site admin tools (spec 2 §2); RequireAdmin has already let only admins in. */
export function AdminLayout() {
  return (
    <div className="row">
      <div className="col-md-3 mb-3">
        <p className="small text-body-secondary mb-1">Admin Tools</p>
        <Nav as="nav" className="flex-md-column admin-side-nav" aria-label="Admin tools">
          {MENU.map((item) => (
            <Nav.Link key={item.to} as={NavLink} to={item.to} end={'end' in item}>
              {item.label}
            </Nav.Link>
          ))}
          {COMING.map((item) => (
            <Nav.Link key={item.to} as={NavLink} to={item.to} className="text-body-secondary">
              {item.label} <span className="small">(coming soon)</span>
            </Nav.Link>
          ))}
        </Nav>
      </div>
      <div className="col-md-9">
        <Outlet />
      </div>
    </div>
  );
}
