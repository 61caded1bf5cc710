import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@sp/domain': fileURLToPath(new URL('../domain/src/index.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The domain package is pure (schemas, constants, rules; no I/O), so a page only downloads the parts
      // it uses, not every schema that `@sp/domain` re-exports.
      treeshake: { moduleSideEffects: [{ test: /[\\/]domain[\\/]src[\\/]/, sideEffects: false }] },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/sanctum': apiTarget,
      // Only the sign-out call goes to the server; GET /logout is a page of the app.
      '/logout': {
        target: apiTarget,
        bypass: (req) => (req.method === 'POST' ? undefined : req.url),
      },
    },
  },
  preview: {
    proxy: {
      '/api': apiTarget,
      '/sanctum': apiTarget,
      '/logout': {
        target: apiTarget,
        bypass: (req) => (req.method === 'POST' ? undefined : req.url),
      },
    },
  },
});
