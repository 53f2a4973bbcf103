import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const api = 'http://localhost:3000';

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
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
});
