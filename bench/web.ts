/**
 * The browser's side: for each first screen, the bytes a cold load moves over the wire (brotli, as the server
 * sends them) and its Largest Contentful Paint in Chromium with the CPU slowed down 4×, next to a bare static
 * HTML page (the baseline) loaded the same way in the same run. The portal is the built server with the demo
 * school, started as its own process (`npm run build` first).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.js';

const CPU_SLOWDOWN = 4;
const RUNS = 5;
const ADMIN_PASSWORD = 'bench-admin-pass-2026';

/** A bare page with about as much text as a sign-in card: what a load costs with no app at all. */
const BASELINE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title></head>
<body style="font-family: sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0">
<main><h1>Student Portal</h1><p>Student sign-in: enter your student ID and password.</p></main></body></html>`;

/** Keeps the latest Largest Contentful Paint candidate's time in `window.__lcp` (in the page, not in Node). */
const LCP_OBSERVER = `window.__lcp = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__lcp = entry.startTime;
}).observe({ type: 'largest-contentful-paint', buffered: true });`;

interface Screen {
  name: string;
  path: string;
  /** Signs the fresh browser context in (through the API, as the page would) before the page loads. */
  signIn?: (context: BrowserContext, url: string) => Promise<void>;
  /** What is on screen once it has loaded. */
  ready: (page: Page) => Promise<void>;
}

interface Load {
  lcpMs: number;
  /** Script bodies as sent (brotli). */
  jsBytes: number;
  jsFiles: number;
  allBytes: number;
}

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

async function waitFor(url: string, deadlineMs = 120_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer in time`);
}

/** POSTs as the page does: the XSRF cookie first, then the call with its header, cookies kept in the context. */
async function post(context: BrowserContext, url: string, path: string, data: unknown): Promise<void> {
  await context.request.get(`${url}/sanctum/csrf-cookie`);
  const cookie = (await context.cookies(url)).find((c) => c.name === 'XSRF-TOKEN');
  const res = await context.request.post(`${url}${path}`, {
    data,
    headers: { 'x-xsrf-token': decodeURIComponent(cookie?.value ?? '') },
  });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
}

/** One cold load (empty cache) with the CPU slowed down: bytes by type from the network, LCP from the page. */
async function measure(browser: Browser, url: string, screen: Screen): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await screen.signIn?.(context, url);
    const page = await context.newPage();
    await page.addInitScript(LCP_OBSERVER);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const responses = new Map<string, { type: string; headerBytes: number }>();
    let jsBytes = 0;
    let jsFiles = 0;
    let allBytes = 0;
    cdp.on('Network.responseReceived', (e) =>
      responses.set(e.requestId, { type: e.type, headerBytes: e.response.encodedDataLength }),
    );
    cdp.on('Network.loadingFinished', (e) => {
      // Everything received, headers included; a script counts its (compressed) body alone.
      allBytes += e.encodedDataLength;
      const response = responses.get(e.requestId);
      if (response?.type === 'Script') {
        jsBytes += e.encodedDataLength - response.headerBytes;
        jsFiles++;
      }
    });
    await page.goto(`${url}${screen.path}`);
    await screen.ready(page);
    await page.waitForLoadState('networkidle');
    await sleep(500);
    const lcpMs = Number(await page.evaluate('window.__lcp'));
    await cdp.detach();
    return { lcpMs, jsBytes, jsFiles, allBytes };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const kib = (bytes: number): string => (bytes / 1024).toFixed(1);

function screensFor(dataDir: string): Screen[] {
  const accounts = JSON.parse(readFileSync(join(dataDir, 'demo-accounts.json'), 'utf8')) as {
    admin: { username: string; password: string };
    studentPassword: string;
    students: { id: string; has_password: boolean; withdrawn: boolean; class_id: string }[];
  };
  const student = accounts.students.find(
    (s) => s.has_password && !s.withdrawn && s.class_id.startsWith('1'),
  )!;
  const asStudent = (context: BrowserContext, url: string) =>
    post(context, url, '/api/login-student', { student_id: student.id, password: accounts.studentPassword });
  const asAdmin = (context: BrowserContext, url: string) =>
    post(context, url, '/api/admin-login', {
      name: accounts.admin.username,
      password: accounts.admin.password,
    });
  return [
    {
      name: 'student sign-in',
      path: '/',
      ready: (page) => page.getByLabel('Student ID').waitFor(),
    },
    {
      name: 'admin sign-in',
      path: '/admin',
      ready: (page) => page.getByLabel('Username').waitFor(),
    },
    {
      name: 'student dashboard',
      path: '/dashboard',
      signIn: asStudent,
      ready: (page) => page.getByRole('heading', { name: /welcome/i }).waitFor(),
    },
    {
      name: 'registration step',
      path: '/registration/student-data',
      signIn: asStudent,
      ready: (page) => page.getByLabel('First Name', { exact: true }).waitFor(),
    },
    {
      name: 'documents step',
      path: '/registration/documents',
      signIn: asStudent,
      ready: (page) => page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor(),
    },
    {
      name: 'term reports',
      path: '/term-reports',
      signIn: asStudent,
      ready: async (page) => {
        await page.getByRole('heading', { name: 'Select Term Report' }).waitFor();
        await page.getByLabel('Loading the term reports').waitFor({ state: 'detached' });
      },
    },
    {
      name: 'admin dashboard',
      path: '/admin/dashboard',
      signIn: asAdmin,
      ready: (page) => page.getByLabel('Search students').waitFor(),
    },
  ];
}

export async function benchWeb(): Promise<Record<string, string | number>[]> {
  if (!existsSync('web/dist/index.html') || !existsSync('server/dist/cli.js')) {
    throw new Error('The web bench loads the built app: run `npm run build` first.');
  }
  const port = Number(process.env.WEB_BENCH_PORT ?? (await freePort()));
  const basePort = Number(process.env.WEB_BENCH_BASELINE_PORT ?? (await freePort()));
  const dataDir = mkdtempSync(join(tmpdir(), 'sp-bench-web-'));
  const server = spawn(process.execPath, ['server/dist/cli.js', 'demo'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const baseline: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BASELINE_HTML);
  });
  await new Promise<void>((r) => baseline.listen(basePort, '127.0.0.1', r));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitFor(`${url}/api/health`);
    const base: Screen = { name: 'baseline', path: '/', ready: (page) => page.locator('h1').waitFor() };
    const screens = screensFor(dataDir);
    const loads = new Map<string, Load[]>();
    // Interleaved, so a busy moment on the machine touches every screen and the baseline alike.
    for (let run = 0; run < RUNS; run++) {
      loads.set('baseline', [
        ...(loads.get('baseline') ?? []),
        await measure(browser, `http://127.0.0.1:${basePort}`, base),
      ]);
      for (const screen of screens) {
        loads.set(screen.name, [...(loads.get(screen.name) ?? []), await measure(browser, url, screen)]);
      }
    }
    const baseLcp = median(loads.get('baseline')!.map((l) => l.lcpMs));
    return [...loads].map(([name, runs]) => {
      const lcp = median(runs.map((l) => l.lcpMs));
      const last = runs[runs.length - 1]!;
      return {
        screen: name,
        'JS files': last.jsFiles,
        'JS KiB (brotli)': kib(last.jsBytes),
        'all KiB received': kib(last.allBytes),
        [`LCP ms (CPU ${CPU_SLOWDOWN}× slower, median of ${RUNS})`]: Math.round(lcp),
        'baseline: bare HTML LCP ms': Math.round(baseLcp),
        ratio: (lcp / baseLcp).toFixed(1),
      };
    });
  } finally {
    await browser.close();
    await new Promise((r) => baseline.close(r));
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
