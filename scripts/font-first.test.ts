// The built page asks for its font beside its stylesheet, so the first paint is in the font
// (scripts/font-first.ts).
import { describe, expect, it } from 'vitest';
import { fontsOf, withFontPreloads } from './font-first';

const PAGE =
  '<head>\n    <link rel="stylesheet" crossorigin href="/assets/index-A.css">\n' +
  '    <script src="/assets/start-B.js" defer></script>\n  </head>';

describe('the font preload', () => {
  it('names each woff2 file the stylesheet draws text in, once', () => {
    const css =
      '@font-face{font-family:Figtree Variable;src:url(/assets/figtree-C.woff2)format("woff2-variations")}' +
      '.a{background:url("/assets/pin.svg")}@font-face{src:url("/assets/figtree-C.woff2")}';
    expect(fontsOf(css)).toEqual(['/assets/figtree-C.woff2']);
  });

  it('puts it right after the stylesheet, before the scripts, for a CORS fetch', () => {
    const html = withFontPreloads(PAGE, ['/assets/figtree-C.woff2']);
    const preload =
      '    <link rel="preload" href="/assets/figtree-C.woff2" as="font" type="font/woff2" crossorigin>\n';
    expect(html).toBe(PAGE.replace('<script', `${preload.trimStart()}    <script`));
    expect(withFontPreloads(PAGE, [])).toBe(PAGE);
  });
});
