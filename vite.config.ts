import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://localhost:3000';

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
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
