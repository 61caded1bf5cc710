import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { linguiPlugins } from './web/lingui-plugins.js';

const domainSource = fileURLToPath(new URL('./domain/src/index.ts', import.meta.url));
const alias = { '@sp/domain': domainSource };

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the machine's cores, so one worker on a 2-core machine; many server
    // tests wait on timers and answer floors, so two keep both cores busy. VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      {
        resolve: { alias },
        test: { name: 'domain', include: ['domain/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['server/src/test/setup.ts'],
          globalSetup: ['server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        // As in the web app's build (web/vite.config.ts): Lingui's macros and PO catalogues.
        plugins: Object.values(linguiPlugins(fileURLToPath(new URL('./web', import.meta.url)))),
        test: {
          name: 'web',
          include: ['web/src/**/*.test.tsx', 'web/src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
    ],
  },
});
