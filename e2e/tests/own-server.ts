import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const e2eDir = join(import.meta.dirname, '..');

export interface OwnDemoStudent {
  id: string;
  first_name: string;
  last_name: string;
  class_id: string;
  last_year_class_id: string | null;
  has_password: boolean;
  withdrawn: boolean;
}

export interface OwnDemo {
  baseURL: string;
  admin: { username: string; password: string };
  studentPassword: string;
  students: OwnDemoStudent[];
  stop: () => Promise<void>;
}

/**
 * A demo school on a server of its own, for a spec whose changes cannot be undone (a rollover the families have
 * since saved in): the shared server stays as every other spec expects it. Same settings as the config's server.
 */
export async function startOwnDemo(port: number, name: string): Promise<OwnDemo> {
  const dataDir = join('output', name);
  rmSync(join(e2eDir, dataDir), { recursive: true, force: true });
  const child: ChildProcess = spawn('node', ['../server/dist/cli.js', 'demo'], {
    cwd: e2eDir,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'e2e-admin-pass-2026',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const baseURL = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the demo server on ${port} stopped (${child.exitCode})`);
    const up = await fetch(`${baseURL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the demo server on ${port} did not start in 120 s`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const accounts = JSON.parse(readFileSync(join(e2eDir, dataDir, 'demo-accounts.json'), 'utf8')) as Omit<
    OwnDemo,
    'baseURL' | 'stop'
  >;
  return {
    ...accounts,
    baseURL,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
