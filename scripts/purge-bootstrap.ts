// A PostCSS plugin for production builds: Bootstrap's stylesheet keeps only the rules whose class
// names the site can produce (under a fifth of it; the home page loads it before anything shows).
// Only Bootstrap's own file is purged: our styles.css and the map's and editor's stylesheets,
// whose classes their libraries make at run time, stay whole.
//
// A class survives when its name appears as a word in our code, in the page frame the server
// writes, or in the react-bootstrap modules our code imports (found by following their imports),
// or when react-bootstrap would build it from a word of our code: it makes many names at run time
// from a prop's value (`variant="outline-danger"` gives `btn-outline-danger`), so each word also
// stands for PREFIX-word. A class missing here breaks a screen silently: if react-bootstrap builds
// it some other way, add its prefix to MORE_PREFIXES or its name to SAFELIST.
import purgeCSS from '@fullhuman/postcss-purgecss';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, PluginCreator } from 'postcss';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Bootstrap as the site builds it: its Sass with the site's variables (src/web/theme). */
const BOOTSTRAP_CSS = /[\\/]src[\\/]web[\\/]theme[\\/]bootstrap\.scss$/;
const RB_ESM = path.join(ROOT, 'node_modules/react-bootstrap/esm');

/** Where our class names are written: the screens, and the frame the server sends first. */
const OUR_CODE = ['src/web', 'src/common', 'src/server/modules/seo'];

/**
 * Besides each imported component's own prefix (its `useBootstrapPrefix(.., 'form-check')`, read
 * from its module), the prefixes react-bootstrap puts before a prop's value, from its source.
 */
export const MORE_PREFIXES = [
  'bg', // Badge, Card, Navbar, Toast: bg-${bg}
  'text', // Badge, Card: text-${text}
  'text-bg',
  'border', // Card: border-${border}
  'spinner-border', // Spinner: spinner-${animation}-${size}
  'spinner-grow',
  'modal-dialog', // Modal: centered, scrollable
  'modal-fullscreen', // Modal: fullscreen="sm-down"
  'navbar-expand', // Navbar: expand="md"
  'list-group-horizontal', // ListGroup: horizontal="md"
  'table-responsive', // Table: responsive="md"
  'btn-close', // CloseButton: variant
  'position', // ToastContainer: containerPosition
  'fixed', // Navbar: fixed, sticky
  'sticky',
];

/** Names made by joining words in other ways (Form.Control.Feedback's `${type}-feedback`). */
export const SAFELIST = [
  /^(in)?valid-(feedback|tooltip)$/,
  /^(is-valid|is-invalid|was-validated)$/,
  /^(fade|show|showing|hiding|collapse|collapsing|collapsed|active|disabled)$/,
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(tsx?|html)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** react-bootstrap's modules our code imports, and every module of its own they import. */
export function reactBootstrapModules(sources: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    for (const [, rel] of readFileSync(file, 'utf8').matchAll(/from ['"](\.\/[\w.-]+)['"]/g)) {
      visit(path.join(RB_ESM, `${rel!.replace(/\.js$/, '')}.js`));
    }
  };
  for (const source of sources) {
    for (const [, name] of readFileSync(source, 'utf8').matchAll(
      /from ['"]react-bootstrap(?:\/(\w+))?['"]/g,
    )) {
      visit(path.join(RB_ESM, `${name ?? 'index'}.js`));
    }
  }
  return [...seen];
}

/** The class prefixes of those modules' components ('btn', 'form-check', 'modal-header'...). */
export function componentPrefixes(modules: string[]): string[] {
  const found = modules.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/useBootstrapPrefix\([^,()]+,\s*'([\w-]+)'\)/g)].map(
      (m) => m[1]!,
    ),
  );
  return [...new Set([...found, ...MORE_PREFIXES])];
}

/**
 * A PurgeCSS extractor for one purge: every word, and the class names react-bootstrap would make
 * of it. A word an earlier file gave is not given again: PurgeCSS keeps the names of all files
 * together, and with 80 prefixes a word the site's 540 files gave five million names (600,000 of
 * them different), which took most of a build's CSS time.
 */
export function classNameExtractor(prefixes: string[]) {
  const given = new Set<string>();
  return (content: string): string[] => {
    const words = [
      ...new Set((content.match(/[A-Za-z0-9_-]+/g) ?? []).map((w) => w.replace(/^-+/, ''))),
    ].filter((w) => !given.has(w));
    words.forEach((w) => given.add(w));
    return words.concat(words.flatMap((w) => prefixes.map((p) => `${p}-${w}`)));
  };
}

/** PurgeCSS on Bootstrap's stylesheet only; every other stylesheet passes through untouched. */
export const purgeBootstrap: PluginCreator<void> = () => ({
  postcssPlugin: 'purge-bootstrap',
  async OnceExit(root, helpers) {
    if (!BOOTSTRAP_CSS.test(root.source?.input.file ?? '')) return;
    // Read each time Bootstrap's stylesheet is built, so a new screen is always seen; a purge of
    // its own each time, as its extractor gives each word once.
    const ours = OUR_CODE.flatMap((dir) => filesUnder(path.join(ROOT, dir)));
    const components = reactBootstrapModules(ours);
    const purge = purgeCSS({
      content: [...ours, ...components],
      defaultExtractor: classNameExtractor(componentPrefixes(components)),
      safelist: { standard: SAFELIST },
    }) as Plugin;
    await purge.OnceExit?.(root, helpers);
  },
});
purgeBootstrap.postcss = true;
