import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Term } from '@sp/domain';
import type { Agent } from '../../test/agent.js';
import { createStudent, ensureClass } from '../../test/factories.js';
import { HEADER, csv, sendFile } from '../../test/import-files.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** D47: the row caps are the school's to set (IMPORT_MAX_STUDENTS, IMPORT_MAX_RESULT_ROWS). */
let t: TestApp;
let admin: Agent;
let term: Term;

beforeAll(async () => {
  t = await createTestApp({ IMPORT_MAX_STUDENTS: '3', IMPORT_MAX_RESULT_ROWS: '2' });
  admin = await t.signInAdmin();
  await ensureClass(t.database.db, '1A', 1);
  await createStudent(t.database.db, { id: 'C001', class_id: '1A' });
  const res = await admin.post('/api/terms', { year: 2025, term: 1 });
  expect(res.statusCode, res.body).toBe(201);
  term = res.json<Term>();
});
afterAll(() => t.close());

describe('configured row caps', () => {
  const students = (n: number) =>
    csv(HEADER, ...Array.from({ length: n }, (_, i) => `N${100 + i},Ali,Sam,,1A,2014-01-0${i + 1},,`));

  it('a student file of the configured size is read; one row more is refused with the number', async () => {
    expect((await sendFile(admin, '/api/students/import/preview', 's.csv', students(3))).statusCode).toBe(
      200,
    );
    const over = await sendFile(admin, '/api/students/import/preview', 's.csv', students(4));
    expect(over.statusCode).toBe(413);
    expect(over.json<{ message: string }>().message).toMatch(/more than 3 rows/);
  });

  it('a results file past its cap is refused with the number', async () => {
    const header = 'Student ID,Subject,Course Mark,Exam Mark,Teacher Remark';
    const url = `/api/terms/${term.id}/results/preview`;
    const over = await sendFile(
      admin,
      url,
      'r.csv',
      csv(header, 'C001,MATH,1,,', 'C001,ENG,1,,', 'C001,SCI,1,,'),
    );
    expect(over.statusCode).toBe(413);
    expect(over.json<{ message: string }>().message).toMatch(/\b2 rows/);
  });
});
