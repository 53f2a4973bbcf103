import { Link } from 'react-router';
import { BrandLogo } from './BrandLogo';
import { FOOTER_LINKS, NETWORK_CONTACT_EMAIL, copyrightLine } from '../../common/brand';

/**
 * Every page's footer: the logo, the network's pages, its contact address and the current year
 * (issue 25; the spec's fixed "© 2020" read as a site nobody looks after). The server's frame
 * draws the same (seo/html.ts).
 */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer-top">
          <Link to="/" className="site-footer-brand">
            <BrandLogo />
          </Link>
          <nav aria-label="Footer">
            <ul className="site-footer-links">
              {FOOTER_LINKS.map(({ to, label }) => (
                <li key={to}>
                  <Link to={to}>{label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <p className="site-footer-contact">
          Questions, press or a chapter in mind?{' '}
          <a href={`mailto:${NETWORK_CONTACT_EMAIL}`}>{NETWORK_CONTACT_EMAIL}</a>
        </p>
        <p className="site-footer-copyright">{copyrightLine(new Date())}</p>
      </div>
    </footer>
  );
}
