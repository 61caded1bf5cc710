import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { outbox } from '../db/schema.js';
import { caughtMessageIds, queueTestMails } from '../test/mail-catcher.js';
import { openTestDatabase } from '../test/test-database.js';
import { startMailCatcher, type MailCatcher } from './catcher.js';
import { ACCEPTED_BEFORE_RESTART } from './recovery.js';

const postgres = process.env.TEST_DATABASE_URL;
let catcher: MailCatcher;
let dataDir: string;
let pgDatabase: (Database & { url?: string }) | undefined;

/** The server's database, opened by the test between the runs (PGlite opens its folder in one process only). */
async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  if (pgDatabase) return work(pgDatabase);
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}

/** Runs the portal as its own process (from source) until it exits, or until it is listening and `then` ends. */
async function runPortal(env: Record<string, string>, then?: () => Promise<void>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Crash-admin-2026',
      LOG_LEVEL: 'warn',
      SMTP_URL: catcher.url,
      PUBLIC_URL: 'http://localhost:4000',
      WORKERS: '1',
      ...(pgDatabase ? { DATABASE_URL: pgDatabase.url! } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (then && output.includes('is running at')) {
      then = undefined;
      void (async () => {
        // Recovery runs in the sender's first round, which starts before the server listens.
        await new Promise((r) => setTimeout(r, 1500));
        child.kill('SIGTERM');
      })();
    }
  });
  return { pid: child.pid!, how: await exited, output };
}

beforeAll(async () => {
  catcher = await startMailCatcher();
  dataDir = mkdtempSync(join(tmpdir(), 'sp-crash-'));
  if (postgres) pgDatabase = await openTestDatabase();
}, 60_000);

afterAll(async () => {
  await catcher.close();
  await pgDatabase?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed between the mail server accepting a message and the outbox update', () => {
  it('marks the message sent after a restart without sending it again', async () => {
    await withDatabase((d) => queueTestMails(d.db, 1, new Date()));
    const crashed = await runPortal({ MAIL_TEST_CRASH_AFTER_ACK: '1' });
    expect(crashed.how).toBe('SIGKILL');
    expect(catcher.messages).toHaveLength(1);
    const [name] = readdirSync(join(dataDir, 'mail')).filter((n) => n.startsWith(`acks-${crashed.pid}_`));
    const journal = join(dataDir, 'mail', name!);
    const [before] = await withDatabase((d) => d.db.select().from(outbox));
    // The kill came after the journal line and before the row was marked.
    expect(before).toMatchObject({ status: 'sending', attempts: 1 });
    expect(readFileSync(journal, 'utf8')).toMatch(new RegExp(`^${before!.id} ${before!.message_id} 250 `));

    const restarted = await runPortal({}, async () => {});
    expect(restarted.how).toBe(0);
    const [after] = await withDatabase((d) => d.db.select().from(outbox));
    expect(after).toMatchObject({ status: 'sent', smtp_response: ACCEPTED_BEFORE_RESTART, attempts: 1 });
    expect(caughtMessageIds(catcher)).toEqual([before!.message_id]);
    // The dead process's journal is removed once nothing it names is still being sent.
    expect(existsSync(journal)).toBe(false);
    expect(readdirSync(join(dataDir, 'mail'))).toEqual([]);
  }, 120_000);
});
