import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throw-away PostgreSQL server on 127.0.0.1 for a benchmark, when the machine has the binaries. */
export async function startTemporaryPostgres(): Promise<{ url: string; bin?: string; stop(): void } | null> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: () => undefined };
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  if (!version) return null;
  const bin = join(root, version, 'bin');
  // BENCH_PG_PORT pins the port (a shared machine hands out port ranges); else any free one.
  const port = process.env.BENCH_PG_PORT
    ? Number(process.env.BENCH_PG_PORT)
    : await new Promise<number>((resolve) => {
        const s = createServer().listen(0, '127.0.0.1', () => {
          const p = (s.address() as { port: number }).port;
          s.close(() => resolve(p));
        });
      });
  const dir = mkdtempSync(join(tmpdir(), 'sp-bench-pg-'));
  chmodSync(dir, 0o777);
  // initdb refuses to run as root; the Debian package provides the postgres user.
  const asPostgres = (cmd: string, args: string[]) =>
    process.getuid?.() === 0
      ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'ignore' })
      : execFileSync(cmd, args, { stdio: 'ignore' });
  asPostgres(join(bin, 'initdb'), ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres']);
  asPostgres(join(bin, 'pg_ctl'), [
    '-D',
    join(dir, 'data'),
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    bin,
    stop() {
      const args = ['-D', join(dir, 'data'), '-m', 'fast', 'stop'];
      if (process.getuid?.() === 0)
        spawnSync('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args]);
      else spawnSync(join(bin, 'pg_ctl'), args);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
