/**
 * A checkout's built server started as its own process the way `npm start` runs it, with bench/loop-probe.js
 * loaded into it: the longest event-loop delay comes from inside the server, over an IPC channel, and its
 * memory and CPU time from /proc (the resident size now and its peak since the last reset).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { allowStaffWithoutFactor } from './server-process.js';

const PROBE = new URL('./loop-probe.js', import.meta.url).href;
const ADMIN_PASSWORD = 'bench-admin-pass-2026';

async function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

export interface WatchedServer {
  url: string;
  /** The signed-in admin's cookie and XSRF header. */
  headers: Record<string, string>;
  alive(): boolean;
  /** The longest event-loop delay since the last call, in ms; null when the server does not answer the probe. */
  loopMax(waitMs?: number): Promise<number | null>;
  /** Resident memory now and its peak since `resetPeak`, MiB. */
  memory(): { rss: number; peak: number };
  resetPeak(): void;
  /** CPU time used by all the process's threads, ms: unlike wall-clock time, other load hardly moves it. */
  cpuMs(): number;
  /** How the process ended (exit code or signal, and its last error line), or '' while it runs. */
  ended(): string;
  /** SIGKILL: for a server that no longer answers. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

async function signIn(url: string): Promise<Record<string, string>> {
  const csrf = await fetch(`${url}/sanctum/csrf-cookie`);
  const token = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
  const res = await fetch(`${url}/api/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': token, cookie: `XSRF-TOKEN=${token}` },
    body: JSON.stringify({ name: 'admin', password: ADMIN_PASSWORD }),
  });
  const cookies = res.headers.get('set-cookie') ?? '';
  const session = /sp_session=([^;]+)/.exec(cookies)?.[1];
  if (!session) throw new Error(`staff sign-in failed: ${res.status}`);
  // A new session comes with a new token.
  const fresh = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookies)?.[1] ?? token);
  return { 'x-xsrf-token': fresh, cookie: `XSRF-TOKEN=${fresh}; sp_session=${session}` };
}

/** Starts `node server/dist/main.js` in `checkout` on the data folder `dataDir` and signs in the admin. */
export async function startWatchedServer(checkout: string, dataDir: string): Promise<WatchedServer> {
  await allowStaffWithoutFactor({ DATA_DIR: dataDir });
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', PROBE, 'server/dist/main.js'], {
    cwd: checkout,
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD,
      DATA_DIR: dataDir,
      BENCH_LOOP_PROBE: '1',
    },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors = (errors + d.toString()).slice(-4000)));
  const pid = child.pid!;
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((r) => child.once('exit', r));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const status = (key: string) => {
    try {
      return (
        Number(new RegExp(`${key}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024
      );
    } catch {
      return NaN; // the process is gone
    }
  };
  // utime and stime, in clock ticks of 10 ms, are the 14th and 15th fields; the 2nd, the name, may hold spaces.
  const cpuMs = () => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return NaN;
    }
  };
  const server: WatchedServer = {
    cpuMs,
    url,
    headers: {},
    alive,
    loopMax: (waitMs = 5000) =>
      new Promise((resolve) => {
        if (!alive() || !child.connected) return resolve(null);
        const answer = (m: unknown) => {
          clearTimeout(timer);
          resolve((m as { maxMs: number }).maxMs);
        };
        const timer = setTimeout(() => {
          child.off('message', answer);
          resolve(null);
        }, waitMs);
        child.once('message', answer);
        child.send('loop-probe');
      }),
    memory: () => ({ rss: status('VmRSS'), peak: status('VmHWM') }),
    // Writing 5 to clear_refs resets the kernel's peak resident size (VmHWM) to the current one.
    resetPeak: () => {
      if (alive()) writeFileSync(`/proc/${pid}/clear_refs`, '5');
    },
    ended: () => {
      if (alive()) return '';
      const last = errors.trim().split('\n').filter(Boolean);
      const fatal = last.find((l) => /FATAL|heap|out of memory|Error/i.test(l)) ?? last.at(-1) ?? '';
      return `${child.signalCode ?? `exit ${child.exitCode}`}${fatal ? `: ${fatal.slice(0, 80)}` : ''}`;
    },
    kill: async () => {
      if (!alive()) return;
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (!alive()) return;
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
      if (!stopped) await server.kill();
    },
  };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (!alive()) throw new Error(`the server stopped at start (${server.ended()})`);
      if (Date.now() > deadline) throw new Error('the server did not start in time');
      const up = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await sleep(200);
    }
    server.headers = await signIn(url);
    return server;
  } catch (err) {
    await server.kill();
    throw err;
  }
}
