import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStudentListSchema, messages } from '@sp/domain';
import { students } from '../../db/schema.js';
import { createStudent, setIdLookup } from '../../test/factories.js';
import { Agent } from '../../test/agent.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setLookup = (on: boolean) => setIdLookup(t.database.db, on);

describe('GET /api/students (the staff list)', () => {
  it('lists every student with the spec fields, newest update first', async () => {
    const older = await createStudent(t.database.db, { first_name: 'Older', last_name: 'Student' });
    const newer = await createStudent(t.database.db, { first_name: 'Newer', last_name: 'Student' });
    await t.database.db
      .update(students)
      .set({ updated_at: new Date('2020-01-01') })
      .where(eq(students.id, older.id));
    await t.database.db
      .update(students)
      .set({ updated_at: new Date('2030-01-01'), birth_cert_no: 'BC123' })
      .where(eq(students.id, newer.id));
    const admin = await t.signInAdmin();
    const res = await admin.get('/api/students');
    expect(res.statusCode).toBe(200);
    const list = adminStudentListSchema.parse(res.json());
    expect(list[0]).toMatchObject({
      id: newer.id,
      name: 'Student, Newer',
      birth_certificate_no: 'BC123',
      class_id: '1A',
    });
    expect(list.at(-1)?.id).toBe(older.id);
    expect(list[0]!.date_of_birth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('GET /api/user/:student_id and /api/student-record/:id', () => {
  it('answer the own record', async () => {
    const { agent, student } = await t.signInStudent({ first_name: 'Ravi' });
    expect((await agent.get(`/api/user/${student.id}`)).json()).toEqual([
      { student_id: student.id, password_reset: 0, first_name: 'Ravi', last_name: student.last_name },
    ]);
    expect((await agent.get(`/api/student-record/${student.id}`)).json()).toEqual([
      { id: student.id, first_name: 'Ravi', last_name: student.last_name },
    ]);
  });

  it('answer 404 to staff for an unknown ID and 400 for a malformed one', async () => {
    const admin = await t.signInAdmin();
    expect((await admin.get('/api/user/NOSUCH1')).statusCode).toBe(404);
    expect((await admin.get(`/api/student-record/${'9'.repeat(25)}`)).statusCode).toBe(400);
    expect((await admin.get('/api/student-record/a%20b')).statusCode).toBe(400);
  });
});

describe('POST /api/student-id-lookup', () => {
  it('is off by default', async () => {
    await setLookup(false);
    const res = await t
      .agent()
      .post('/api/student-id-lookup', { first_name: 'A', last_name: 'B', date_of_birth: '2012-01-01' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(messages.lookupDisabled);
  });

  it('finds only exact matches of both names and the date of birth', async () => {
    await setLookup(true);
    const s = await createStudent(t.database.db, {
      first_name: 'Zara',
      last_name: 'Lookup',
      date_of_birth: '2012-02-03',
    });
    const find = (body: object) =>
      t
        .agent()
        .post('/api/student-id-lookup', body)
        .then((r) => r.json());
    expect(await find({ first_name: 'zara', last_name: 'LOOKUP', date_of_birth: '2012-02-03' })).toEqual([
      { id: s.id, first_name: 'Zara', last_name: 'Lookup' },
    ]);
    expect(await find({ first_name: 'Zar', last_name: 'Lookup', date_of_birth: '2012-02-03' })).toEqual([]);
    expect(await find({ first_name: 'Zara', last_name: 'Lookup', date_of_birth: '2012-02-04' })).toEqual([]);
  });

  it.each([
    [{ first_name: 'Zara', last_name: 'Lookup' }],
    [{ first_name: 'Zara', last_name: 'Lookup', date_of_birth: '03/02/2012' }],
    [{ first_name: 'Z'.repeat(21), last_name: 'Lookup', date_of_birth: '2012-02-03' }],
    [{ first_name: '', last_name: 'Lookup', date_of_birth: '2012-02-03' }],
  ])('answers 400 for a bad query %#', async (body) => {
    await setLookup(true);
    expect((await t.agent().post('/api/student-id-lookup', body)).statusCode).toBe(400);
  });

  it('is rate-limited per address', async () => {
    await setLookup(true);
    const agent = t.agent();
    const body = { first_name: 'A', last_name: 'B', date_of_birth: '2012-01-01' };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await agent.post('/api/student-id-lookup', body)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts one address across server processes sharing the database (D27)', async () => {
    await setLookup(true);
    const other = await t.secondProcess();
    try {
      const here = t.agent();
      const there = new Agent(other, here.ip);
      const body = { first_name: 'A', last_name: 'B', date_of_birth: '2012-01-01' };
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await (i % 2 ? there : here).post('/api/student-id-lookup', body)).statusCode);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses[10]).toBe(429);
      // Another address still has its own count.
      expect((await new Agent(other).post('/api/student-id-lookup', body)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
