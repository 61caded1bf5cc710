import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { academicYearOf, dateInZone } from '@sp/domain';
import { foldersBefore0013, migrateWith, migrationsFolder, rows } from './fixtures/migration-kit.js';
import { openTestDatabase } from '../test/test-database.js';

/**
 * Migration 0013 on a school's data as it is before school years: nothing is lost, every student is enrolled
 * in the one current year, and the view answers the live class, form and house.
 */
const temp = mkdtempSync(join(tmpdir(), 'sp-migrations-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A school at 0012: 13 students in six classes (one withdrawn, one in no class), progress, checks, files. */
const SCHOOL_AT_0012 = `
INSERT INTO houses (id, name) VALUES ('RED', 'Ruby House'), ('BLU', 'Sapphire House');
INSERT INTO form_classes (class_id, form_level) VALUES ('1A', 1), ('1B', 1), ('2A', 2), ('3C', 3), ('5A', 5), ('5B', 5);
INSERT INTO students (id, class_id, house_code, first_name, last_name, date_of_birth, sex, birth_cert_no,
  agree_terms_conditions, terms_agreed_at, terms_agreed_ip, terms_version, withdrawn_at, withdrawn_reason,
  mother_name, phone_home, updated_at)
SELECT '2026' || lpad(i::text, 3, '0'),
  (ARRAY['1A', '1B', '2A', '3C', '5A', '5B', NULL])[1 + i % 7],
  CASE WHEN i % 3 = 0 THEN NULL WHEN i % 2 = 0 THEN 'RED' ELSE 'BLU' END,
  'First' || i, 'Last' || i, make_date(2010 + i % 4, 1 + i % 12, 1 + i), (ARRAY['Female', 'Male'])[1 + i % 2],
  'BC' || i, i % 2, CASE WHEN i % 2 = 1 THEN '2026-09-10T12:00:00Z'::timestamptz END,
  CASE WHEN i % 2 = 1 THEN '10.0.0.' || i END, CASE WHEN i % 2 = 1 THEN 1 END,
  CASE WHEN i = 4 THEN '2026-10-01T15:00:00Z'::timestamptz END, CASE WHEN i = 4 THEN 'Moved abroad' END,
  'Mother ' || i, '62' || lpad(i::text, 5, '0'), '2026-11-01T10:00:00Z'::timestamptz + i * interval '1 hour'
FROM generate_series(1, 13) AS i;
INSERT INTO student_accounts (student_id, password_hash, password_reset)
SELECT id, 'hash-' || id, 0 FROM students;
INSERT INTO registration_progress (student_id, student_data, family_data, submit)
SELECT id, '2026-09-05T10:00:00Z', CASE WHEN right(id, 1) IN ('1', '3') THEN '2026-09-06T10:00:00Z'::timestamptz END,
  CASE WHEN right(id, 1) = '3' THEN '2026-09-07T10:00:00Z'::timestamptz END
FROM students WHERE right(id, 1) <> '9';
INSERT INTO document_checks (student_id, type, received, status, reason, checked_by, checked_at)
VALUES ('2026001', 'birth_certificate', 1, 'verified', NULL, 'admin', '2026-09-20T13:00:00Z'),
  ('2026002', 'picture', 0, 'rejected', 'Too dark', 'office', '2026-09-21T13:00:00Z'),
  ('2026004', 'birth_certificate', 1, 'received', NULL, 'admin', '2026-09-22T13:00:00Z');
INSERT INTO uploaded_files (student_id, type, original_name, storage_key, mime_type, size_bytes, uploaded_at)
VALUES ('2026001', 'birth_certificate', 'bc.pdf', 'k1', 'application/pdf', 1000, '2026-09-15T10:00:00Z'),
  ('2026001', 'picture', 'me.jpg', 'k2', 'image/jpeg', 2000, '2026-09-15T10:01:00Z'),
  ('2026002', 'picture', 'dark.jpg', 'k3', 'image/jpeg', 3000, '2026-09-16T10:00:00Z');
INSERT INTO terms (year, term, posted) VALUES (2024, 1, 1), (2025, 3, 1);
`;

const LIVE_TABLES = ['students', 'student_accounts', 'registration_progress', 'document_checks', 'terms'];

/** A column a later migration adds (0017: the student's language) is empty on a school migrated from 0012. */
const withoutLaterColumns = (found: Record<string, unknown>[]) =>
  found.map(({ language, ...row }) => (expect(language ?? null).toBeNull(), row));

async function migratedSchool(extra = '') {
  const database = await openTestDatabase({ empty: true });
  await migrateWith(database.db, foldersBefore0013(temp));
  for (const statement of (SCHOOL_AT_0012 + extra).split(/;\s*\n/).filter((s) => s.trim()))
    await database.db.execute(sql.raw(statement));
  const before: Record<string, unknown[]> = {};
  for (const table of [...LIVE_TABLES, 'uploaded_files'])
    before[table] = await rows(database.db, `SELECT * FROM ${table} ORDER BY 1, 2`);
  await migrateWith(database.db, migrationsFolder);
  return { database, before };
}

describe('migration 0013: school years', () => {
  it('keeps every row and value, and enrols every student in the current year with the right status', async () => {
    const { database, before } = await migratedSchool();
    const { db } = database;
    try {
      for (const table of LIVE_TABLES)
        expect(withoutLaterColumns(await rows(db, `SELECT * FROM ${table} ORDER BY 1, 2`)), table).toEqual(
          before[table],
        );
      const files = await rows(db, 'SELECT * FROM uploaded_files ORDER BY 1, 2');
      expect(files.map(({ year, ...rest }) => (expect(year).toBeNull(), rest))).toEqual(
        before.uploaded_files,
      );

      const year = academicYearOf(dateInZone(new Date()));
      expect(year).toBeGreaterThan(2025); // today's year wins over the terms of past years
      expect(await rows(db, 'SELECT year, starts_on::text, ends_on::text, state FROM school_years')).toEqual([
        { year, starts_on: `${year}-09-01`, ends_on: `${year + 1}-08-31`, state: 'current' },
      ]);
      const enrolments = await rows(
        db,
        'SELECT student_id, year, status FROM enrolments ORDER BY student_id',
      );
      expect(enrolments).toHaveLength(13);
      for (const e of enrolments)
        expect(e).toEqual({
          student_id: e.student_id,
          year,
          status: e.student_id === '2026004' ? 'withdrawn' : 'enrolled',
        });

      const view = await rows(
        db,
        `SELECT v.student_id, v.year, v.status, v.class_id, v.form_level, v.house_code, v.is_current,
           s.class_id AS live_class, f.form_level AS live_form, s.house_code AS live_house
         FROM year_enrolments v JOIN students s ON s.id = v.student_id
         LEFT JOIN form_classes f ON f.class_id = s.class_id ORDER BY v.student_id`,
      );
      expect(view).toHaveLength(13);
      for (const v of view) {
        expect([v.class_id, v.form_level, v.house_code]).toEqual([v.live_class, v.live_form, v.live_house]);
        expect(v.is_current).toBe(true);
        expect(v.status).toBe(v.student_id === '2026004' ? 'withdrawn' : 'enrolled');
      }
      expect(view.filter((v) => v.class_id === null).map((v) => v.student_id)).toEqual([
        '2026006',
        '2026013',
      ]);
      expect(view.find((v) => v.student_id === '2026002')).toMatchObject({ class_id: '2A', form_level: 2 });
    } finally {
      await database.close();
    }
  });

  it('makes the latest year a term was set up for current when the school works ahead of today', async () => {
    const ahead = academicYearOf(dateInZone(new Date())) + 1;
    const { database } = await migratedSchool(`INSERT INTO terms (year, term) VALUES (${ahead}, 1);\n`);
    try {
      expect(await rows(database.db, 'SELECT year, starts_on::text, state FROM school_years')).toEqual([
        { year: ahead, starts_on: `${ahead}-09-01`, state: 'current' },
      ]);
      expect(await rows(database.db, 'SELECT DISTINCT year FROM enrolments')).toEqual([{ year: ahead }]);
    } finally {
      await database.close();
    }
  });

  it('allows one current year only, and one live file per student and type beside archived ones', async () => {
    const { database } = await migratedSchool();
    const { db } = database;
    try {
      await expect(
        db.execute(
          sql`INSERT INTO school_years (year, starts_on, ends_on) VALUES (2040, '2040-09-01', '2041-08-31')`,
        ),
      ).rejects.toThrow();
      await db.execute(sql`UPDATE uploaded_files SET year = 2025 WHERE storage_key = 'k1'`);
      await db.execute(sql`INSERT INTO uploaded_files (student_id, type, original_name, storage_key, mime_type,
        size_bytes) VALUES ('2026001', 'birth_certificate', 'new.pdf', 'k4', 'application/pdf', 10)`);
      await expect(
        db.execute(sql`INSERT INTO uploaded_files (student_id, type, original_name, storage_key, mime_type,
          size_bytes) VALUES ('2026001', 'birth_certificate', 'again.pdf', 'k5', 'application/pdf', 10)`),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
