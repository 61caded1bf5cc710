import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academicYearOf, dateInZone } from '@sp/domain';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from './client.js';
import { foldersBefore0013, migrateWith, migrationsFolder, rows } from './fixtures/migration-kit.js';
import { Agent } from '../test/agent.js';
import { openTestDatabase } from '../test/test-database.js';
import { LocalFileStore } from '../storage/file-store.js';

/**
 * The demo school as the portal built it before school years (fixtures/README.md), taken to today's schema:
 * every table keeps its rows, each student is enrolled in the current year, and the app serves the result.
 */
const temp = mkdtempSync(join(tmpdir(), 'sp-demo-0012-'));
const fixture = gunzipSync(readFileSync(new URL('./fixtures/demo-0012.sql.gz', import.meta.url))).toString();

/**
 * Each table's columns at 0012, with a count and a hash of its rows over just those columns. The settings row
 * migration 0016 adds (a school in use keeps the second factor optional) is left out, and checked on its own.
 */
async function snapshot(database: Database, columns?: Map<string, string>) {
  const tables = columns ?? new Map<string, string>();
  if (!columns)
    for (const t of await rows(
      database.db,
      `SELECT c.relname AS name, string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) AS cols
       FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
       WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' GROUP BY c.relname`,
    ))
      tables.set(t.name as string, t.cols as string);
  const hashes: Record<string, unknown> = {};
  for (const [table, cols] of tables)
    hashes[table] = (
      await rows(
        database.db,
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS hash
         FROM (SELECT ${cols} FROM "${table}"${table === 'settings' ? ` WHERE key <> 'second_factor_policy'` : ''}) r`,
      )
    )[0];
  return { tables, hashes };
}

let database: Database;
let before: Awaited<ReturnType<typeof snapshot>>;
beforeAll(async () => {
  database = await openTestDatabase({ empty: true });
  await migrateWith(database.db, foldersBefore0013(temp));
  // Statements begin at the start of a line; the rows' JSON continues on indented lines.
  for (const statement of fixture.split(/;\n(?=INSERT |SELECT )/).filter((s) => !s.startsWith('--')))
    await database.db.execute(sql.raw(statement));
  before = await snapshot(database);
  await migrateWith(database.db, migrationsFolder);
}, 60_000);
afterAll(async () => {
  await database?.close();
  rmSync(temp, { recursive: true, force: true });
});

describe('migration 0013 on the demo school of 0012', () => {
  it('keeps every row of every table it found', async () => {
    expect(before.hashes.students).toMatchObject({ n: 100 });
    expect(Object.keys(before.hashes)).not.toContain('enrolments');
    expect((await snapshot(database, before.tables)).hashes).toEqual(before.hashes);
  });

  it('keeps a school in use signing in as it did: the second factor stays optional (D51)', async () => {
    expect(await rows(database.db, `SELECT value FROM settings WHERE key = 'second_factor_policy'`)).toEqual([
      { value: 'optional' },
    ]);
  });

  it('enrols each student once in the current year, withdrawn exactly for the withdrawn', async () => {
    const year = academicYearOf(dateInZone(new Date()));
    const students = await rows(database.db, 'SELECT id, withdrawn_at FROM students ORDER BY id');
    const enrolments = await rows(database.db, 'SELECT student_id, year, status FROM enrolments ORDER BY 1');
    expect(enrolments).toEqual(
      students.map((s) => ({ student_id: s.id, year, status: s.withdrawn_at ? 'withdrawn' : 'enrolled' })),
    );
    expect(students.some((s) => s.withdrawn_at)).toBe(true);
    const mismatched = await rows(
      database.db,
      `SELECT v.student_id FROM year_enrolments v JOIN students s ON s.id = v.student_id
       LEFT JOIN form_classes f ON f.class_id = s.class_id
       WHERE v.is_current IS NOT TRUE OR v.class_id IS DISTINCT FROM s.class_id
         OR v.form_level IS DISTINCT FROM f.form_level OR v.house_code IS DISTINCT FROM s.house_code`,
    );
    expect(mismatched).toEqual([]);
    expect(await rows(database.db, 'SELECT count(*)::int AS n FROM year_enrolments')).toEqual([
      { n: students.length },
    ]);
    const files = await rows(
      database.db,
      'SELECT count(*)::int AS n, count(year)::int AS dated FROM uploaded_files',
    );
    expect(files).toEqual([{ n: (before.hashes.uploaded_files as { n: number }).n, dated: 0 }]);
    expect(files[0]!.n).toBeGreaterThan(0);
  });

  it('serves the migrated school: a demo student reads their record and the admin lists the students', async () => {
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: '/nonexistent-test-data', LOG_LEVEL: 'silent' }),
      db: database.db,
      sessionSecret: 'test-secret-test-secret-test-secret-0123',
      webRoot: '/nonexistent-web-root',
      files: new LocalFileStore(temp),
    });
    try {
      await app.ready();
      const student = new Agent(app);
      const login = await student.post('/api/login-student', {
        student_id: '2026001',
        password: 'Portal-demo-2026',
      });
      expect(login.statusCode, login.body).toBe(200);
      const record = await student.get('/api/student/2026001');
      expect(record.statusCode, record.body).toBe(200);
      const [live] = await rows(
        database.db,
        `SELECT first_name, class_id FROM students WHERE id = '2026001'`,
      );
      expect(record.json()).toMatchObject(live!);

      const admin = new Agent(app);
      const signIn = await admin.post('/api/admin-login', { name: 'admin', password: 'demo-admin-2026' });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const list = await admin.get('/api/students?include_withdrawn=1');
      expect(list.statusCode, list.body).toBe(200);
      const listed = list
        .json<{ id: string }[]>()
        .map((s) => s.id)
        .sort();
      const ids = (await rows(database.db, 'SELECT id FROM students ORDER BY id')).map((s) => s.id);
      expect(listed).toEqual(ids);
    } finally {
      await app.close();
    }
  });
});
