/**
 * Resident memory of the built server at idle, on the embedded database and on PostgreSQL, next to a bare
 * Node.js process that only listens (the baseline), all measured in this run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTemporaryPostgres } from './postgres.js';

const rssMiB = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
};

async function measure(args: string[], env: NodeJS.ProcessEnv, readyUrl: string | null): Promise<number> {
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  try {
    const deadline = Date.now() + 60_000;
    while (readyUrl && Date.now() < deadline) {
      try {
        if ((await fetch(readyUrl)).ok) break;
      } catch {
        /* not listening yet */
      }
      await sleep(200);
    }
    await fetch(readyUrl ?? 'http://127.0.0.1:1').catch(() => undefined);
    await sleep(3000);
    return rssMiB(child.pid!);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function benchIdleMemory(): Promise<Record<string, string | number>[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sp-bench-mem-'));
  const port = '3917';
  const base = { PORT: port, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'bench-admin-pass', DATA_DIR: dataDir };
  const health = `http://127.0.0.1:${port}/api/health`;
  const bare = await measure(
    ['-e', "require('http').createServer((q,s)=>s.end('ok')).listen(3918)"],
    {},
    'http://127.0.0.1:3918',
  );
  const pglite = await measure(['server/dist/main.js'], base, health);
  const rows: Record<string, string | number>[] = [
    {
      benchmark: 'idle RSS, embedded PGlite',
      MiB: pglite.toFixed(1),
      'baseline: bare node http MiB': bare.toFixed(1),
      ratio: (pglite / bare).toFixed(2),
    },
  ];
  const pg = await startTemporaryPostgres();
  if (pg) {
    try {
      const onPg = await measure(['server/dist/main.js'], { ...base, DATABASE_URL: pg.url }, health);
      rows.push({
        benchmark: 'idle RSS, PostgreSQL server',
        MiB: onPg.toFixed(1),
        'baseline: bare node http MiB': bare.toFixed(1),
        ratio: (onPg / bare).toFixed(2),
      });
    } finally {
      pg.stop();
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
  return rows;
}
