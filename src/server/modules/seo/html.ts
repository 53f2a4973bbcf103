// Puts a route's meta into the built index.html: the <title> and description are replaced,
// canonical, Open Graph and JSON-LD are added before </head>. Every value is escaped.
import type { PageMeta } from './meta';
import { SITE_NAME } from '../../../common/constants';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

// JSON inside <script> must not be able to close the element.
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Settings the browser app reads from the page, so it needs no extra request to start. */
export interface ClientSettings {
  mapTileUrl: string;
  mapTileAttribution: string;
}

export function renderIndex(
  indexHtml: string,
  meta: PageMeta,
  publicUrl: string,
  client: ClientSettings,
): string {
  const url = publicUrl + meta.path;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="${meta.ogType}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="map-tile-url" content="${escapeHtml(client.mapTileUrl)}" />`,
    `<meta name="map-tile-attribution" content="${escapeHtml(client.mapTileAttribution)}" />`,
    ...(meta.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    // A data block, not a script: the Content-Security-Policy does not apply to it.
    ...(meta.jsonLd ?? []).map(
      (item) => `<script type="application/ld+json">${safeJson(item)}</script>`,
    ),
  ];
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/>/,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}
