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
    // The first-screen chunk is about 540 kB before compression; what counts is its ~145 KiB in brotli, kept
    // under budget by the sign-in test (e2e/tests/sign-in.spec.ts) and measured by `npm run bench -- web`.
    chunkSizeWarningLimit: 600,
    emptyOutDir: true,
    rolldownOptions: {
      // The domain package is pure (schemas, constants, rules; no I/O), so a page only downloads the parts
      // it uses, not every schema that `@sp/domain` re-exports.
      treeshake: { moduleSideEffects: [{ test: /[\\/]domain[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        // What the first screen needs (React, MUI's core, the router, the sign-in pages) in one file rather than
        // a dozen slivers: one request, one compression context.
        codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'] }] },
      },
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
