// A Vite build plugin: the app's script is asked for once the browser has painted the page the
// server sent. The home, state and chapter pages come with their first screen drawn
// (web/ssr), so what a phone on a slow link needs first is the HTML and the CSS; Vite's entry
// script and its dozen modulepreloads, asked for from the <head>, shared the bandwidth with the
// stylesheet and held the first paint back (Lighthouse mobile: 95-96 with them, 99-100 without,
// docs/performance.md). The built index.html instead names one small classic script, deferred,
// that adds the entry and its modulepreloads right after the first paint (or after 1 s, in a
// tab that does not paint). Until then the server's screen is on view, its links working and its
// form controls disabled (web/ssr/firstScreen.tsx).
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

// Plain ES5, not a module: it runs as the parser reaches the end of the document.
const START = `(function () {
  var me = document.currentScript;
  var entry = me.getAttribute('data-entry');
  var preloads = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  requestAnimationFrame(function () { setTimeout(start, 0); });
  setTimeout(start, 1000);
})();
`;
const FILE = `assets/start-${createHash('sha256').update(START).digest('hex').slice(0, 8)}.js`;

const ENTRY = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/;
const PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;

export function appAfterPaint(): Plugin {
  return {
    name: 'app-after-paint',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: FILE, source: START });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = ENTRY.exec(html)?.[1];
        if (!entry) throw new Error('app-after-paint: no entry script in index.html');
        const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]!);
        const start =
          `    <script src="/${FILE}" data-entry="${entry}" ` +
          `data-preload="${preloads.join(' ')}" defer></script>\n`;
        return html
          .replace(ENTRY, '')
          .replace(PRELOAD, '')
          .replace(/[ \t]*<\/head>/, `${start}$&`);
      },
    },
  };
}
