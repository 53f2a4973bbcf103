import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { purgeBootstrap } from './scripts/purge-bootstrap.js';
import { stylesFirst } from './scripts/styles-first.js';
import { appAfterPaint } from './scripts/app-after-paint.js';
import { fontFirst } from './scripts/font-first.js';

const api = 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  root: 'src/web',
  // stylesFirst: the CSS, which blocks the first paint, is asked for before the scripts.
  // fontFirst: the font the CSS draws text in is asked for right after it.
  // appAfterPaint: the app's scripts are asked for once the server's page has been painted.
  plugins: [react(), stylesFirst(), fontFirst(), appAfterPaint()],
  // Production builds ship only the part of Bootstrap's CSS the site uses.
  css: {
    postcss: { plugins: command === 'build' ? [purgeBootstrap()] : [] },
    // Bootstrap 5.3's Sass still uses @import and global functions, which Dart Sass warns about
    // on every build; the theme (src/web/theme/bootstrap.scss) must @import it to set its
    // variables. The warnings say nothing about our code.
    preprocessorOptions: {
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions'],
      },
    },
  },
  resolve: {
    // Every `import ... from 'zod'` of the app and of src/common gets zod set up to run
    // without eval (see zodJitless.ts).
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('src/web/zodJitless.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // The schema modules only define schemas (and web/answerSchemas.ts only passes them on):
      // one nothing refers to is left out whole, with the zod it would bring. A production
      // build's API calls refer to none (web/api.ts).
      treeshake: {
        moduleSideEffects: [
          { test: /\/src\/common\/schemas\/|\/src\/web\/answerSchemas\.ts$/, sideEffects: false },
        ],
      },
    },
  },
  server: {
    proxy: {
      '/api': api,
      '/assets/geo': api,
      '/assets/images': api,
    },
  },
  preview: {
    proxy: {
      '/api': api,
      '/assets/geo': api,
      '/assets/images': api,
    },
  },
}));
