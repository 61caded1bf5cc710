import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStudentListSchema, completionSchema, pendingStudentsSchema } from '@sp/domain';
import { registrationProgress, students, uploadedFiles } from '../../db/schema.js';
import { createStudent, ensureClass, uploadedFileRow } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// A school of its own: classes no other test uses, so the counts are exact.
let t: TestApp;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await ensureClass(db, '3X', 3);
  await ensureClass(db, '3Y', 3);
  for (const [key, classId] of [
    ['a', '3X'],
    ['b', '3X'],
    ['c', '3X'],
    ['d', '3Y'],
    ['gone', '3Y'],
  ] as const) {
    ids[key] = (await createStudent(db, { class_id: classId, last_name: `Zed${key}` })).id;
  }
  // A student in no class: the dashboard's "No class" line.
  ids.none = (await createStudent(db, { class_id: '3X', last_name: 'Zednone' })).id;
  await db.update(students).set({ class_id: null }).where(eq(students.id, ids.none));
  const now = new Date();
  await db.insert(registrationProgress).values([
    { student_id: ids.a!, student_data: now, family_data: now, submit: now },
    { student_id: ids.b!, student_data: now },
    { student_id: ids.d!, student_data: now, family_data: now },
    { student_id: ids.gone!, student_data: now, family_data: now, submit: now },
  ]);
  const file = (student_id: string, type: string) => uploadedFileRow(student_id, type, now);
  await db
    .insert(uploadedFiles)
    .values([
      file(ids.a!, 'birth_certificate'),
      file(ids.a!, 'picture'),
      file(ids.c!, 'picture'),
      file(ids.gone!, 'picture'),
    ]);
  await db.update(students).set({ agree_terms_conditions: 1 }).where(eq(students.id, ids.a!));
  await db
    .update(students)
    .set({ agree_terms_conditions: 1, withdrawn_at: now })
    .where(eq(students.id, ids.gone!));
});
afterAll(() => t.close());

describe('GET /api/completion', () => {
  it('counts each class from one grouped query, leaving out withdrawn students', async () => {
    const admin = await t.signInAdmin();
    const res = await admin.get('/api/completion');
    expect(res.statusCode).toBe(200);
    const { classes, school } = completionSchema.parse(res.json());
    const x = classes.find((c) => c.class_id === '3X')!;
    expect(x).toMatchObject({
      form_level: 3,
      students: 3,
      steps: { studentData: 2, familyData: 1, healthData: 0, submit: 1 },
      documents: { birth_certificate: 1, picture: 2, sea_slip: 0 },
      terms: 1,
    });
    const y = classes.find((c) => c.class_id === '3Y')!;
    expect(y).toMatchObject({ students: 1, steps: { studentData: 1, familyData: 1, submit: 0 }, terms: 0 });
    expect(y.documents.picture).toBe(0);
    // The school's line adds up its classes.
    expect(school.students).toBe(classes.reduce((n, c) => n + c.students, 0));
    expect(school.documents.picture).toBe(classes.reduce((n, c) => n + c.documents.picture, 0));
  });

  it('lists who has not finished a step, a document or the terms, for a class or the school', async () => {
    const admin = await t.signInAdmin();
    const get = async (query: string) =>
      pendingStudentsSchema
        .parse((await admin.get(`/api/completion/pending?${query}`)).json())
        .map((s) => s.id);
    expect(await get('item=familyData&class_id=3X')).toEqual([ids.b, ids.c]);
    expect(await get('item=picture&class_id=3X')).toEqual([ids.b]);
    expect(await get('item=terms&class_id=3Y')).toEqual([ids.d]);
    expect(await get('item=submit')).toEqual(expect.arrayContaining([ids.b, ids.c, ids.d]));
    // "gone" left without health data: a student who left is never on the list.
    expect(await get('item=healthData')).not.toContain(ids.gone);
    expect(await get('item=healthData&class_id=')).toEqual([ids.none]);
  });

  it("pages the students table through the same 'not done' list, enrolled students only (D28)", async () => {
    const admin = await t.signInAdmin();
    const page = async (query: string) => {
      const res = await admin.get(`/api/students?${query}`);
      expect(res.statusCode, query).toBe(200);
      return {
        ids: adminStudentListSchema.parse(res.json()).map((s) => s.id),
        total: Number(res.headers['x-total-count']),
      };
    };
    // A step (from the progress row), a document (from the files) and the terms, as the pending list has them.
    expect(await page('pending=familyData&class_id=3X&sort=name&limit=1')).toEqual({
      ids: [ids.b],
      total: 2,
    });
    expect(await page('pending=familyData&class_id=3X&sort=name&limit=1&offset=1')).toEqual({
      ids: [ids.c],
      total: 2,
    });
    expect(await page('pending=picture&class_id=3X&limit=10')).toEqual({ ids: [ids.b], total: 1 });
    expect(await page('pending=terms&class_id=3Y&limit=10')).toEqual({ ids: [ids.d], total: 1 });
    // A student who left is never "not done", even with the withdrawn shown ("gone" has no health data).
    const health = await page('pending=healthData&include_withdrawn=1&limit=500');
    expect(health.ids).toEqual(expect.arrayContaining([ids.a, ids.b, ids.c, ids.d]));
    expect(health.ids).not.toContain(ids.gone);
    const submit = await page('pending=submit&limit=500');
    expect(submit.ids).not.toContain(ids.a);
    // An empty class is the students in no class; a class alone is every student of it.
    expect(await page('pending=healthData&class_id=&limit=10')).toEqual({ ids: [ids.none], total: 1 });
    expect(await page('class_id=3Y&sort=name')).toEqual({ ids: [ids.d], total: 1 });
    expect((await page('class_id=3Y&sort=name&include_withdrawn=1')).ids).toEqual([ids.d, ids.gone]);
    // With a search as well.
    expect(await page(`pending=familyData&q=zedc&limit=10`)).toEqual({ ids: [ids.c], total: 1 });
  });

  it('refuses an unknown item and students', async () => {
    const admin = await t.signInAdmin();
    const bad = await admin.get('/api/completion/pending?item=homework');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('Unknown step or document.');
    const badList = await admin.get('/api/students?pending=homework&limit=10');
    expect(badList.statusCode).toBe(400);
    expect(badList.json<{ message: string }>().message).toBe('Unknown step or document.');
    const badClass = await admin.get(`/api/students?pending=submit&class_id=${'X'.repeat(11)}`);
    expect(badClass.statusCode).toBe(400);
    expect(badClass.json<{ message: string }>().message).toBe('A class has at most 10 characters.');
    const { agent } = await t.signInStudent();
    expect((await agent.get('/api/completion')).statusCode).toBe(403);
  });
});
