import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { auditLog, registrationWindows, students, uploadedFiles } from '../db/schema.js';
import { startServer, type RunningServer } from '../server.js';
import { openFileStore } from '../storage/open-file-store.js';
import { Agent } from '../test/agent.js';
import { createStudent } from '../test/factories.js';
import { FakeClock } from '../test/fake-clock.js';
import { multipart, samples } from '../test/multipart.js';
import { BackupError } from './backup-archive.js';
import { backupsFolder, latestBackup, nightlyBackup, restoreFromFile } from './backups.js';
import { NightlySchedule, nextBackupAt } from './nightly.js';

const folders: string[] = [];
const folder = () => {
  const f = mkdtempSync(join(tmpdir(), 'sp-backup-test-'));
  folders.push(f);
  return f;
};
const configFor = (dataDir: string, env: Record<string, string> = {}): Config =>
  loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    BACKUP_TIME: 'off',
    BACKUP_KEEP: '2',
    ...env,
  });

let server: RunningServer;
let config: Config;
beforeAll(async () => {
  config = configFor(folder());
  server = await startServer(config);
  await server.database.db
    .update(registrationWindows)
    .set({ open: 1, deadline: null })
    .where(eq(registrationWindows.form_level, 1));
  // A small school: students, each with documents uploaded through the app, and their audit rows.
  for (let i = 0; i < 3; i += 1) {
    const student = await createStudent(server.database.db, { password: 'Correct-horse-42' });
    const agent = new Agent(server.app);
    await agent.post('/api/login-student', { student_id: student.id, password: student.password });
    for (const [type, file] of [
      ['picture', { name: 'me.png', data: samples.png }],
      ['birth_certificate', { name: 'cert.pdf', data: samples.pdf }],
    ] as const) {
      const { body, headers } = multipart({ id: student.id, file_type: type }, file);
      expect((await agent.post('/api/store-file', body, { headers })).statusCode).toBe(200);
    }
  }
});
afterAll(async () => {
  await server.close();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

const everything = async (database: Database) => ({
  students: await database.db.select().from(students).orderBy(asc(students.id)),
  files: await database.db.select().from(uploadedFiles).orderBy(asc(uploadedFiles.storage_key)),
  audit: await database.db
    .select()
    .from(auditLog)
    .where(ne(auditLog.action, 'backup'))
    .orderBy(asc(auditLog.id)),
});

describe('nightly backups on the embedded database', () => {
  let archive: string;

  it('is taken at BACKUP_TIME in the school’s time zone while the portal runs, then restores into an empty folder', async () => {
    // 01:59 in Port of Spain (UTC−4) is 05:59Z.
    const clock = new FakeClock(new Date('2026-11-22T05:59:00Z'));
    const schedule = new NightlySchedule({
      time: '02:00',
      timeZone: 'America/Port_of_Spain',
      clock: clock.now,
      run: async (now) => (archive = await nightlyBackup(config, server.database, server.app.ctx.files, now)),
      onError: (err) => {
        throw err;
      },
    });
    expect(await schedule.tick()).toBe(false);
    clock.advanceMinutes(1);
    expect(await schedule.tick()).toBe(true);
    expect(await schedule.tick()).toBe(false);
    expect(schedule.next.toISOString()).toBe('2026-11-23T06:00:00.000Z');
    expect(archive).toBe(join(backupsFolder(config.DATA_DIR), 'nightly-2026-11-22T020000.tar.gz'));

    const before = await everything(server.database);
    expect(before.students).toHaveLength(3);
    expect(before.files).toHaveLength(6);
    const latest = await latestBackup(server.database.db);
    expect(latest).toMatchObject({ file: 'nightly-2026-11-22T020000.tar.gz', kind: 'nightly' });
    expect(latest!.size_bytes).toBeGreaterThan(1000);

    const empty = configFor(folder());
    const { files } = await restoreFromFile(empty, archive, { force: false, now: new Date() });
    expect(files).toBe(6);
    const restored = await openDatabase({ dataDir: empty.DATA_DIR });
    try {
      const after = await everything(restored);
      expect(after.students).toEqual(before.students);
      expect(after.files).toEqual(before.files);
      expect(after.audit.filter((r) => r.action !== 'restore')).toEqual(before.audit);
      expect(after.audit.at(-1)?.action).toBe('restore');
      const store = openFileStore(empty, restored.db);
      const original = server.app.ctx.files;
      for (const row of before.files) {
        const copy = await buffer((await store.read(row.storage_key)).stream);
        expect(copy.equals(await buffer((await original.read(row.storage_key)).stream))).toBe(true);
      }
    } finally {
      await restored.close();
    }

    // A second restore into the now-filled folder is refused unless told.
    await expect(restoreFromFile(empty, archive, { force: false, now: new Date() })).rejects.toThrow(
      /already holds a school.*--force/,
    );
    await expect(restoreFromFile(empty, archive, { force: true, now: new Date() })).resolves.toEqual({
      files: 6,
    });
  });

  it('keeps only the newest BACKUP_KEEP archives', async () => {
    for (const at of ['2026-11-23T06:00:00Z', '2026-11-24T06:00:00Z']) {
      await nightlyBackup(config, server.database, server.app.ctx.files, new Date(at));
    }
    expect(readdirSync(backupsFolder(config.DATA_DIR)).sort()).toEqual([
      'nightly-2026-11-23T020000.tar.gz',
      'nightly-2026-11-24T020000.tar.gz',
    ]);
  });

  it('refuses a damaged or cut-off archive with a clear message and restores nothing', async () => {
    const good = readFileSync(join(backupsFolder(config.DATA_DIR), 'nightly-2026-11-24T020000.tar.gz'));
    const flipped = Buffer.from(good);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    const cut = good.subarray(0, Math.floor(good.length * 0.8));
    for (const [name, bytes] of [
      ['flipped.tar.gz', flipped],
      ['cut.tar.gz', cut],
      ['not-a-backup.tar.gz', Buffer.from('hello')],
    ] as const) {
      const file = join(folder(), name);
      writeFileSync(file, bytes);
      const target = configFor(folder());
      const err: unknown = await restoreFromFile(target, file, { force: false, now: new Date() }).catch(
        (e) => e,
      );
      expect(err).toBeInstanceOf(BackupError);
      expect((err as Error).message).toMatch(/damaged|incomplete|not a complete/);
      expect(readdirSync(target.DATA_DIR)).toEqual([]);
    }
  });

  it('finds the next 02:00 in the school’s zone', () => {
    const zone = 'America/Port_of_Spain';
    expect(nextBackupAt(new Date('2026-11-22T05:00:00Z'), '02:00', zone).toISOString()).toBe(
      '2026-11-22T06:00:00.000Z',
    );
    expect(nextBackupAt(new Date('2026-11-22T06:00:00Z'), '02:00', zone).toISOString()).toBe(
      '2026-11-23T06:00:00.000Z',
    );
    expect(nextBackupAt(new Date('2026-12-31T23:30:00Z'), '23:15', zone).toISOString()).toBe(
      '2027-01-01T03:15:00.000Z',
    );
    // A zone with summer time: 02:30 in London on the night the clocks go back.
    expect(nextBackupAt(new Date('2026-03-28T12:00:00Z'), '02:30', 'Europe/London').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });
});
