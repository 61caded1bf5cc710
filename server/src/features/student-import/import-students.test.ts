import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ImportHistoryEntry, ImportPreview, ImportResult } from '@sp/domain';
import { auditLog, studentAccounts, students } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import type { TestApp } from '../../test/test-app.js';
import { HEADER, csv, openImportApp, sendFile, xlsx } from '../../test/import-files.js';

let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await openImportApp()));
afterAll(() => t.close());

const preview = async (name: string, file: Buffer | string) => {
  const res = await sendFile(admin, '/api/students/import/preview', name, file);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportPreview>();
};
const confirm = async (name: string, file: Buffer | string) => {
  const res = await sendFile(admin, '/api/students/import', name, file);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportResult>();
};
const stored = async (id: string) =>
  (await t.database.db.select().from(students).where(eq(students.id, id)))[0];

const first = csv(
  HEADER,
  'D001,Mohammed,Aaliyah,20140001,1A,2014-05-21,RED,2026-09-01',
  'D002,Phillip,Jordan,20140002,1A,09/03/2014,,',
  'D003,Singh,Ravi,,1A,2014-01-30,Sapphire House,',
);

describe('importing students', () => {
  it('adds new students whose first sign-in is by date of birth', async () => {
    expect((await preview('form1.csv', first)).counts).toEqual({
      added: 3,
      changed: 0,
      unchanged: 0,
      errors: 0,
    });
    const result = await confirm('form1.csv', first);
    expect(result.counts).toEqual({ added: 3, changed: 0, unchanged: 0, errors: 0 });
    expect(result.message).toMatch(/3 new/);
    expect(await stored('D002')).toMatchObject({
      date_of_birth: '2014-03-09',
      house_code: null,
      sea_no: '20140002',
    });
    expect(await stored('D003')).toMatchObject({ house_code: 'BLUE', entry_date: null });
    const [account] = await t.database.db
      .select()
      .from(studentAccounts)
      .where(eq(studentAccounts.student_id, 'D001'));
    expect(account?.password_reset).toBe(1);
    const signIn = await t.agent().post('/api/login-student', { student_id: 'D001', password: '20140521' });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('finds the same file unchanged the second time', async () => {
    const again = await preview('form1.csv', first);
    expect(again.rows.map((r) => r.status)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect((await confirm('form1.csv', first)).counts).toMatchObject({ added: 0, unchanged: 3 });
  });

  it('lists what changes, writes it and audits each field', async () => {
    const changed = csv(
      'ID,Last Name,First Name,Class,Date of Birth,House',
      'D001,Mohammed,Aaliyah,2B,2014-05-21,BLUE',
      'D002,Phillip,Jordan,1A,2014-03-10,',
      'D003,Singh,Ravi,1A,2014-01-30,BLUE',
    );
    const rows = (await preview('moves.csv', changed)).rows;
    expect(rows[0]).toMatchObject({
      status: 'changed',
      changes: [
        { field: 'class_id', label: 'Class', from: '1A', to: '2B' },
        { field: 'house_code', label: 'House', from: 'RED', to: 'BLUE' },
      ],
    });
    expect(rows[1]?.changes).toEqual([
      { field: 'date_of_birth', label: 'Date of Birth', from: '2014-03-09', to: '2014-03-10' },
    ]);
    // The file has no SEA Number or Entry Date column: those are left alone.
    expect(rows[2]?.status).toBe('unchanged');
    expect((await confirm('moves.csv', changed)).counts).toMatchObject({ changed: 2, unchanged: 1 });
    expect(await stored('D001')).toMatchObject({
      class_id: '2B',
      house_code: 'BLUE',
      sea_no: '20140001',
      updated_at: t.clock.now(),
    });
    expect(await stored('D002')).toMatchObject({ date_of_birth: '2014-03-10', sea_no: '20140002' });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.student_id, 'D001'), eq(auditLog.action, 'student_update')));
    expect(audit.map((a) => [a.field, a.old_value, a.new_value])).toEqual([
      ['class_id', '1A', '2B'],
      ['house_code', 'RED', 'BLUE'],
    ]);
  });

  it('reads XLSX with real dates, serial numbers and numeric IDs', async () => {
    const file = await xlsx([
      ['Date of Birth', 'Entry Date', 'ID', 'First Name', 'Last Name', 'Class'],
      [new Date(Date.UTC(2013, 10, 2)), 46266, 2026901, 'Keisha', 'Thomas', '1A'],
      [41580, '2026-09-01', 'E002', 'Marcus', 'Lewis', '2B'],
      [],
      ['02/11/2013', null, 'E003', 'Tia', 'Roberts', '1A'],
    ]);
    const result = await preview('book.xlsx', file);
    expect(result.rows.map((r) => [r.line, r.id, r.status])).toEqual([
      [2, '2026901', 'new'],
      [3, 'E002', 'new'],
      [5, 'E003', 'new'],
    ]);
    await confirm('book.xlsx', file);
    expect(await stored('2026901')).toMatchObject({ date_of_birth: '2013-11-02', entry_date: '2026-09-01' });
    expect(await stored('E002')).toMatchObject({ date_of_birth: '2013-11-02' });
    expect(await stored('E003')).toMatchObject({ date_of_birth: '2013-11-02', entry_date: null });
  });

  it('imports 2,000 rows and keeps a history with counts', async () => {
    const lines = Array.from({ length: 2000 }, (_, i) => {
      const n = String(i).padStart(4, '0');
      return `F${n},Surname${n},Given${n},,${i % 2 ? '1A' : '2B'},2013-0${(i % 9) + 1}-1${i % 10},RED,`;
    });
    const file = csv(HEADER, ...lines);
    expect((await preview('whole-school.csv', file)).counts.added).toBe(2000);
    expect((await confirm('whole-school.csv', file)).counts.added).toBe(2000);
    const signIn = await t.agent().post('/api/login-student', { student_id: 'F1234', password: '20130214' });
    expect(signIn.statusCode, signIn.body).toBe(200);

    const res = await admin.get('/api/students/imports');
    expect(res.statusCode).toBe(200);
    const history = res.json<ImportHistoryEntry[]>();
    expect(history[0]).toMatchObject({ file_name: 'whole-school.csv', added: 2000, errors: 0 });
    expect(history.map((h) => h.file_name)).toContain('moves.csv');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'import'))
      .orderBy(auditLog.id)
      .limit(1);
    expect(audit?.detail).toEqual({ file: 'form1.csv', added: 3, changed: 0, unchanged: 0, errors: 0 });
  });

  it('serves the templates', async () => {
    const csvRes = await admin.get('/api/students/import-template.csv');
    expect(csvRes.body.trim()).toBe(HEADER);
    expect(csvRes.headers['content-disposition']).toMatch(/attachment; filename="Import Students.csv"/);
    const xlsxRes = await admin.get('/api/students/import-template.xlsx');
    expect(xlsxRes.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // The template itself is a valid file with no students.
    const back = await sendFile(admin, '/api/students/import/preview', 'template.xlsx', xlsxRes.rawPayload);
    expect(back.json<{ message: string }>().message).toMatch(/no students/);
  });
});
