import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

/** The first shared server's port; the others follow it. */
export const PORT = Number(process.env.E2E_PORT ?? 4317);
/** Where the first shared server keeps its demo school; `demoAccounts()` reads its accounts file. */
export const DATA_DIR = 'output/data';

/**
 * How many shared demo servers, and browser workers, run at once: one each per core. Each server holds a demo
 * school of its own (the demo is the same on every start), and each spec file runs against one of them, one file
 * after another, as if it were the only server: specs that change the school (settings, terms, posting) never
 * meet a spec of the other server. E2E_SERVERS=1 runs everything against one server, as before.
 */
const SERVERS = Math.max(1, Number(process.env.E2E_SERVERS ?? 2));

const testDir = join(import.meta.dirname, 'tests');

/** The spec files dealt to the servers by size, largest first to the least loaded: a fair split of the time. */
function dealSpecs(servers: number): string[][] {
  const specs = readdirSync(testDir)
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => ({ name, size: statSync(join(testDir, name)).size }))
    .sort((a, b) => b.size - a.size || a.name.localeCompare(b.name));
  const hands = Array.from({ length: servers }, () => ({ size: 0, names: [] as string[] }));
  for (const spec of specs) {
    const lightest = hands.reduce((a, b) => (b.size < a.size ? b : a));
    lightest.size += spec.size;
    lightest.names.push(spec.name);
  }
  return hands.map((hand) => hand.names);
}

const servers = dealSpecs(SERVERS).map((specs, i) => ({
  specs,
  port: PORT + i,
  dataDir: i === 0 ? DATA_DIR : `${DATA_DIR}-${i + 1}`,
}));

/**
 * Browser tests drive the built app in Debian's Chromium against the real server and an embedded database
 * holding the demo school (a fresh copy each run).
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: SERVERS,
  // On CI the PostgreSQL suite runs beside these on the same two cores: one retry, and a test that passes only
  // on it is listed as flaky in the output, to be fixed, not hidden.
  retries: process.env.CI ? 1 : 0,
  // The longest workflows (a parent with two children, a term imported and posted) take 40–55 s while the other
  // server's spec and CI's PostgreSQL suite share the cores; each step still waits at most 10 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: servers.map((server, i) => ({
    name: `school-${i + 1}`,
    testMatch: server.specs.map((name) => `**/${name}`),
    // One file at a time against each server.
    workers: 1,
    use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${server.port}` },
  })),
  webServer: servers.map((server) => ({
    command: `rm -rf ${server.dataDir} && node ../server/dist/cli.js demo`,
    url: `http://localhost:${server.port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(server.port),
      DATA_DIR: server.dataDir,
      ADMIN_PASSWORD: 'e2e-admin-pass-2026',
      LOG_LEVEL: 'warn',
    },
  })),
});
