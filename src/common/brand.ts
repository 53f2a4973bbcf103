// The site's brand, drawn the same by the app (layouts/) and by the server's page frame
// (server/modules/seo/html.ts): the logo's shapes, the footer's links and the network's contact
// address. docs/decisions/16-brand.md says why each is what it is.

/**
 * The logo's mark, on a 32 by 32 grid: a speech bubble (talk) holding a glass (the drink, the
 * meal, the film's popcorn: a table to meet at). The bubble takes the primary colour and the
 * glass the page's background (styles.css `.brand-mark`); favicon.svg is the same drawing.
 */
export const BRAND_MARK = {
  viewBox: '0 0 32 32',
  bubble:
    'M9 2h14a7 7 0 0 1 7 7v8a7 7 0 0 1-7 7H15l-6.2 5.4A1 1 0 0 1 7 28.6V24a7 7 0 0 1-5-6.7V9a7 7 0 0 1 7-7z',
  glass:
    'M10.5 7.5h11c.4 0 .6.3.6.7-.3 3.6-2.6 6-5.3 6.3v3.3h2.6a.9.9 0 0 1 0 1.8h-6.8a.9.9 0 0 1 0-1.8h2.6v-3.3c-2.7-.3-5-2.7-5.3-6.3 0-.4.2-.7.6-.7z',
} as const;

/**
 * The network's contact address, shown in every page's footer. The site has no setting for it
 * (the spec has none); a deployment that wants another changes it here.
 */
export const NETWORK_CONTACT_EMAIL = 'info@livingliberally.org';

/** The footer's links, in order. */
export const FOOTER_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/chapter_types', label: 'Chapter Types' },
  { to: '/intro_start_chapter', label: 'Start a Chapter' },
  { to: '/press_mentions', label: 'Press' },
  { to: '/blog', label: 'Blog' },
] as const;

/** The footer's copyright line: the year the page is shown in, not the year the site began. */
export function copyrightLine(now: Date): string {
  return `© ${now.getFullYear()} Living Liberally`;
}
