import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { defaultYearDates, type RolloverPreview } from '@sp/domain';
import type { Db } from '../db/client.js';
import {
  documentChecks,
  enrolments,
  formClasses,
  registrationProgress,
  students,
  uploadedFiles,
} from '../db/schema.js';
import type { Agent } from './agent.js';
import { createStudent, uploadedFileRow } from './factories.js';
import { currentYear } from '../shared/school-years.js';
import { rowsOf } from '../features/rollover/freeze.js';

/** The classes of a school with a sixth form: 1A–5A, 1B–2B, 2C and the Lower and Upper Sixth. */
export async function addClasses(db: Db): Promise<void> {
  const classes = [
    ...[1, 2, 3, 4, 5].map((f) => ({ class_id: `${f}A`, form_level: f })),
    { class_id: '1B', form_level: 1 },
    { class_id: '2B', form_level: 2 },
    { class_id: '2C', form_level: 2 },
    { class_id: 'L6A', form_level: 6 },
    { class_id: 'U6A', form_level: 7 },
  ];
  await db.insert(formClasses).values(classes).onConflictDoNothing();
}

let next = 0;
/** A student in a class this year, with a distinct ID per test file run. */
export async function student(
  db: Db,
  classId: string,
  extra: Partial<typeof students.$inferInsert> = {},
  password?: string,
) {
  const id = `R${Date.now() % 100000}${++next}`;
  const s = await createStudent(db, { id, class_id: classId, ...(password ? { password } : {}) });
  if (Object.keys(extra).length)
    await db
      .update(students)
      .set(extra)
      .where(sql`${students.id} = ${s.id}`);
  return s;
}

/** A student part way through registration: two steps done, the terms agreed, a photo and a birth certificate on file and verified. */
export async function registeredStudent(db: Db, classId: string, password?: string) {
  const s = await student(
    db,
    classId,
    {
      mother_name: 'Mary Ramdial',
      agree_terms_conditions: 1,
      terms_agreed_at: new Date('2026-09-03T14:05:06.789Z'),
      terms_agreed_ip: '10.1.2.3',
      terms_version: 1,
    },
    password,
  );
  const at = new Date('2026-09-02T10:00:00.123Z');
  await db
    .insert(registrationProgress)
    .values({ student_id: s.id, student_data: at, family_data: new Date('2026-09-02T10:05:00Z') })
    .onConflictDoUpdate({
      target: registrationProgress.student_id,
      set: { student_data: at, family_data: new Date('2026-09-02T10:05:00Z') },
    });
  for (const type of ['picture', 'birth_certificate']) {
    await db
      .insert(uploadedFiles)
      .values({ ...uploadedFileRow(s.id, type, at), storage_key: `${s.id}/${type}` });
    await db.insert(documentChecks).values({
      student_id: s.id,
      type,
      received: 1,
      status: 'verified',
      checked_by: 'office',
      checked_at: new Date('2026-09-04T09:00:00.456Z'),
    });
  }
  return s;
}

/** Every row of the tables a rollover writes or an undo restores, in a stable order. */
export async function snapshot(db: Db, tables = SNAPSHOT_TABLES): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of tables)
    out[table] = rowsOf(
      await db.execute(sql.raw(`SELECT to_jsonb(t)::text AS row FROM ${table} t ORDER BY 1`)),
    );
  return out;
}
export const SNAPSHOT_TABLES = [
  'students',
  'registration_progress',
  'document_checks',
  'uploaded_files',
  'enrolments',
  'school_years',
  'registration_windows',
  'class_moves',
];

/** The preview, checked against domain's schema. */
export async function preview(admin: Agent): Promise<RolloverPreview> {
  const res = await admin.get('/api/admin/rollover/preview');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RolloverPreview>();
}

/** The confirm body for the current year and a plan hash. */
export async function confirmBody(db: Db, planHash: string) {
  const { year } = await currentYear(db);
  return { from_year: year, to_year: year + 1, ...defaultYearDates(year + 1), plan_hash: planHash };
}

/** Previews and confirms as the office would. */
export async function rollOver(db: Db, admin: Agent) {
  const plan = await preview(admin);
  return admin.post('/api/admin/rollover', await confirmBody(db, plan.plan_hash));
}

/** A student's enrolment rows, by year. */
export const enrolmentsOf = (db: Db, id: string) =>
  db
    .select()
    .from(enrolments)
    .where(sql`${enrolments.student_id} = ${id}`)
    .orderBy(enrolments.year);

/** A PUT with the agent's cookies and XSRF token. */
export const put = (agent: Agent, url: string, body: unknown) => agent.request('PUT', url, { body });
