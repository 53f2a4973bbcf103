// A Vite build plugin: the built index.html asks for the typeface its stylesheet draws text in
// (Figtree, web/theme/font.css) right after the stylesheet. Without it the browser finds the font
// only once the stylesheet is parsed and the page laid out, so the first screen the server drew
// was painted in the fallback font; when Figtree came, text set narrower rewrapped and all below
// it moved (a state page's "Subscribe to New York's calendar" fitted beside its heading again,
// and its chapter cards rose 35 px: CLS 0.145 on Lighthouse's phone). Asked for at once, the
// font is there for the first paint, or soon after on a slow link.
import type { Plugin } from 'vite';

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/;

/** The woff2 files a stylesheet's text names, as the built CSS writes them ('/assets/x.woff2'). */
export function fontsOf(css: string): string[] {
  return [
    ...new Set([...css.matchAll(/url\(\s*["']?([^"')]+\.woff2)["']?\s*\)/g)].map((m) => m[1]!)),
  ];
}

/** `html` with a font preload for each of `fonts` after its (first) stylesheet link. */
export function withFontPreloads(html: string, fonts: readonly string[]): string {
  const sheet = STYLESHEET.exec(html);
  if (!sheet || fonts.length === 0) return html;
  const indent = /^[ \t]*/.exec(sheet[0])![0];
  // `crossorigin`: fonts are fetched in CORS mode; a preload without it would not be used.
  const links = fonts.map(
    (href) =>
      `${indent}<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>\n`,
  );
  const end = sheet.index + sheet[0].length;
  const after = sheet[0].endsWith('\n') ? '' : '\n';
  return html.slice(0, end) + after + links.join('') + html.slice(end);
}

export function fontFirst(): Plugin {
  return {
    name: 'font-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        // The entry's own stylesheets: the ones the page links, which the first paint waits for.
        const sheets = [...(chunk?.viteMetadata?.importedCss ?? [])];
        const fonts = sheets.flatMap((name) => {
          const asset = bundle?.[name];
          return asset?.type === 'asset' ? fontsOf(String(asset.source)) : [];
        });
        return withFontPreloads(html, [...new Set(fonts)]);
      },
    },
  };
}
