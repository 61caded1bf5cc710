import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { linguiPlugins } from './lingui-plugins';
import { precompress } from './precompress';

const apiTarget = 'http://127.0.0.1:3000';

/**
 * MUI's theme and ThemeProvider import the CSS-variables theme (and its provider, colour-scheme storage and
 * init script) even when, as here, the theme has no `cssVariables` and no `colorSchemes`: about 6 KiB brotli
 * of the first screen that never runs. They resolve to functions that throw, so a theme that starts using
 * CSS variables fails loudly in the browser tests instead of silently doing nothing (ADR 0035).
 */
function muiWithoutCssVariables(): Plugin {
  const stub = '\0mui-without-css-variables';
  return {
    name: 'sp-mui-without-css-variables',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromStyles = importer !== undefined && /[\\/]@mui[\\/]material[\\/]styles[\\/]/.test(importer);
      if (fromStyles && /^\.\/(createThemeWithVars|ThemeProviderWithVars)\.mjs$/.test(source)) return stub;
      return null;
    },
    load(id) {
      if (id !== stub) return null;
      const names = [
        'CssVarsProvider',
        'Experimental_CssVarsProvider',
        'useColorScheme',
        'getInitColorSchemeScript',
      ];
      return [
        "const off = () => { throw new Error('The portal theme does not use CSS variables (vite.config.ts).'); };",
        'export default off;',
        ...names.map((name) => `export const ${name} = off;`),
        'export const createGetCssVar = off;',
      ].join('\n');
    },
  };
}

export default defineConfig({
  plugins: [
    muiWithoutCssVariables(),
    linguiPlugins().babel,
    react(),
    linguiPlugins().catalogues,
    precompress(),
  ],
  resolve: {
    alias: [
      { find: '@sp/domain', replacement: fileURLToPath(new URL('../domain/src/index.ts', import.meta.url)) },
      // React Router publishes one build for every environment, with its development warnings switched on;
      // its production build is the same code with them off.
      {
        find: /^react-router$/,
        replacement: fileURLToPath(
          new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
        ),
      },
    ],
  },
  build: {
    outDir: 'dist',
    // The first-screen chunk is about 480 kB before compression; what counts is its ~129 KiB in brotli, kept
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
        codeSplitting: {
          groups: [
            { name: 'first-screen', tags: ['$initial'] },
            // The query library arrives with the signed-in screens' guard: one file, not a sliver per hook.
            { name: 'query-library', test: /[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
          ],
        },
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
