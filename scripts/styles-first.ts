// A Vite build plugin: the built index.html asks for its stylesheets before its scripts. Vite
// writes the entry script and a dozen modulepreload links first; on a slow connection they
// share the bandwidth with the one file that blocks the first paint (the CSS), so the page's
// frame, which the server already puts in the HTML, painted only once most of the script had
// arrived too. Scripts are modules (deferred): asking for them second delays nothing they do.
import type { Plugin } from 'vite';

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

export function stylesFirst(): Plugin {
  return {
    name: 'styles-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = html.match(STYLESHEET) ?? [];
        const firstScript = html.search(/[ \t]*<(script type="module"|link rel="modulepreload")/);
        if (sheets.length === 0 || firstScript < 0) return html;
        const rest = html.replace(STYLESHEET, '');
        const at = rest.search(/[ \t]*<(script type="module"|link rel="modulepreload")/);
        return (
          rest.slice(0, at) + sheets.map((s) => s.replace(/\n?$/, '\n')).join('') + rest.slice(at)
        );
      },
    },
  };
}
