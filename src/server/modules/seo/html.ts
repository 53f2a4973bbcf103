// Puts a route's meta into the built index.html: the <title> and description are replaced,
// canonical, Open Graph and JSON-LD are added before </head>. Every value is escaped.
import type { PageAccount } from '../../plugins/web';
import type { PageMeta } from './meta';
import { escapeHtml } from '../../../common/escapeHtml';
import type { FirstScreen } from './firstScreen';
import { SITE_NAME } from '../../../common/constants';
import {
  BRAND_MARK,
  FOOTER_LINKS,
  NETWORK_CONTACT_EMAIL,
  copyrightLine,
} from '../../../common/brand';
import { safeJson } from '../../core/jsonInHtml';

/** Settings the browser app reads from the page, so it needs no extra request to start. */
export interface ClientSettings {
  mapTileUrl: string;
  mapTileAttribution: string;
}

/**
 * The grey shape of a list still to load, under the heading of a screen that loads it after the
 * app starts, as the app draws it meanwhile (web/components/ListPlaceholder.tsx).
 */
function listPlaceholder(label: string): string {
  const item =
    '<li class="list-group-item py-3"><span class="placeholder placeholder-lg col-6 d-block mb-2"></span>' +
    '<span class="placeholder col-4 d-block mb-2"></span><span class="placeholder placeholder-sm col-8 d-block"></span></li>';
  return (
    `<div role="status" class="list-placeholder"><span class="visually-hidden">${escapeHtml(label)}</span>` +
    `<ul class="list-group placeholder-glow" aria-hidden="true">${item}${item}</ul></div>`
  );
}

/**
 * The menu's account area: "Sign In" to a visitor; to a request with a session cookie, a
 * placeholder that claims nothing until the app knows who is signed in, as the app draws it
 * meanwhile (layouts/SiteNavbar.tsx AccountPending). `data-account` tells the app which it was
 * (web/serverFrame.ts).
 */
function accountArea(account: PageAccount): string {
  if (account === 'visitor')
    return '<a class="nav-link" href="/signin" data-account="visitor">Sign In</a>';
  return (
    '<span class="navbar-text account-pending placeholder-glow" data-account="unknown">' +
    '<span class="placeholder w-100" aria-hidden="true"></span>' +
    '<span class="visually-hidden">Checking your sign-in...</span></span>'
  );
}

/** The logo, as layouts/BrandLogo.tsx draws it. */
const brandLogo =
  `<svg class="brand-mark" viewBox="${BRAND_MARK.viewBox}" aria-hidden="true" focusable="false">` +
  `<path class="brand-mark-bubble" d="${BRAND_MARK.bubble}"></path>` +
  `<path class="brand-mark-glass" d="${BRAND_MARK.glass}"></path></svg>` +
  `<span class="brand-wordmark">${SITE_NAME}</span>`;

/** The footer, as layouts/SiteFooter.tsx draws it, with the year the page is served in. */
function footer(): string {
  const links = FOOTER_LINKS.map(({ to, label }) => `<li><a href="${to}">${label}</a></li>`);
  return (
    '<footer class="site-footer"><div class="container"><div class="site-footer-top">' +
    `<a class="site-footer-brand" href="/">${brandLogo}</a>` +
    `<nav aria-label="Footer"><ul class="site-footer-links">${links.join('')}</ul></nav></div>` +
    '<p class="site-footer-contact">Questions, press or a chapter in mind? ' +
    `<a href="mailto:${NETWORK_CONTACT_EMAIL}">${NETWORK_CONTACT_EMAIL}</a></p>` +
    `<p class="site-footer-copyright">${escapeHtml(copyrightLine(new Date()))}</p>` +
    '</div></footer>'
  );
}

/**
 * The page's frame, in the HTML itself: skip link, menu bar, the page's heading and footer, as
 * the app draws them (layouts/ShellLayout.tsx) before it knows who is signed in. The first paint
 * is the page, not an empty screen; the app takes over the same frame when its script has run.
 */
function shell(meta: PageMeta, first: FirstScreen | null, account: PageAccount): string {
  const { heading } = meta;
  // The first screen drawn on the server, or the page's heading alone (see web/serverFrame.ts),
  // with the shape of the list it loads.
  const main = first
    ? `<main id="main" class="app-main container py-4" tabindex="-1" data-first-screen="">${first.html}</main>`
    : '<main id="main" class="app-main container py-4" tabindex="-1">' +
      (heading ? `<h1 data-server-heading="">${escapeHtml(heading)}</h1>` : '') +
      (meta.listPlaceholder ? listPlaceholder(meta.listPlaceholder) : '') +
      '</main>';
  const link = (href: string, text: string) => `<a class="nav-link" href="${href}">${text}</a>`;
  return [
    '<div class="app-shell">',
    '<a href="#main" class="visually-hidden-focusable position-absolute top-0 start-0 p-2 m-1 bg-body z-3">Skip to main content</a>',
    '<header><nav aria-label="Main" class="site-navbar navbar navbar-expand-md navbar-light"><div class="container">',
    `<a class="site-brand navbar-brand" href="/">${brandLogo}</a>`,
    '<button aria-controls="main-menu" aria-expanded="false" type="button" aria-label="Menu" class="navbar-toggler collapsed"><span class="navbar-toggler-icon"></span></button>',
    '<div class="navbar-collapse collapse" id="main-menu">',
    `<div class="me-auto navbar-nav">${link('/about', 'About')}${link('/chapter_types', 'Chapter Types')}</div>`,
    `<div class="navbar-nav">${accountArea(account)}</div>`,
    '</div></div></nav></header>',
    main,
    footer(),
    '</div>',
  ].join('');
}

export function renderIndex(
  indexHtml: string,
  meta: PageMeta,
  publicUrl: string,
  client: ClientSettings,
  first: FirstScreen | null = null,
  account: PageAccount = 'visitor',
): string {
  const url = publicUrl + meta.path;
  // Preview pictures are fetched by other sites' servers: always a whole URL.
  const image = meta.image && (/^https?:/.test(meta.image) ? meta.image : publicUrl + meta.image);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="${meta.ogType}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(image
      ? [
          `<meta property="og:image" content="${escapeHtml(image)}" />`,
          `<meta name="twitter:card" content="summary_large_image" />`,
          `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
        ]
      : [`<meta name="twitter:card" content="summary" />`]),
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    ...(meta.alternates ?? []).map(
      (a) =>
        `<link rel="alternate" type="${a.type}" href="${escapeHtml(a.href)}" title="${escapeHtml(a.title)}" />`,
    ),
    `<meta name="map-tile-url" content="${escapeHtml(client.mapTileUrl)}" />`,
    `<meta name="map-tile-attribution" content="${escapeHtml(client.mapTileAttribution)}" />`,
    ...(meta.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    // Fetched as the app's own fetch() asks (same-origin credentials), which then finds them.
    // Answers the page was to carry are fetched beside the script when its screen was not drawn.
    ...[...(meta.preload ?? []), ...(first ? [] : (meta.embed ?? []))].map(
      (href) => `<link rel="preload" as="fetch" href="${escapeHtml(href)}" crossorigin />`,
    ),
    // A data block, not a script: the Content-Security-Policy does not apply to it.
    ...(meta.jsonLd ?? []).map(
      (item) => `<script type="application/ld+json">${safeJson(item)}</script>`,
    ),
  ];
  // Replacement functions, never replacement strings: in a string, `$&`, `$'` and `$\`` of user
  // text would splice parts of the document back in.
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
  const head = `    ${tags.join('\n    ')}\n  </head>`;
  // The answers the first screen was drawn with: a data block the app reads (main.tsx), which
  // the Content-Security-Policy does not apply to.
  const answers = first
    ? `\n    <script type="application/json" id="first-answers">${safeJson(first.answers)}</script>`
    : '';
  const root = `<div id="root">${shell(meta, first, account)}</div>${answers}`;
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, () => title)
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, () => description)
    .replace('</head>', () => head)
    .replace('<div id="root"></div>', () => root);
}
