import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_FIELDS, fieldHeading } from '@sp/domain';
import { fullRecord } from '../../demo/full-record.js';
import { auditLog, registrationProgress, students } from '../../db/schema.js';
import { createStaffUser } from '../../shared/staff-users.js';
import { createStudent, ensureClass, today } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = '/api/registration-data-spreadsheet';

async function fullStudent(id: string, classId: string, overrides: Record<string, unknown> = {}) {
  await createStudent(t.database.db, { id, class_id: classId });
  await t.database.db
    .update(students)
    .set({ ...fullRecord('2026-01-31'), class_id: classId, house_code: 'RED', ...overrides })
    .where(eq(students.id, id));
}

async function workbookOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = row.values as unknown[];
    rows.push(Object.fromEntries(headers.map((h, i) => [h, values[i + 1] ?? null])));
  });
  return { sheet, headers, rows };
}

describe('GET /api/registration-data-spreadsheet', () => {
  beforeAll(async () => {
    await ensureClass(t.database.db, '3X', 3);
    await ensureClass(t.database.db, '3Y', 3);
    await ensureClass(t.database.db, '4Z', 4);
    await fullStudent('EX301', '3X');
    await fullStudent('EX302', '3X', { school_feeding: 0, phone_home: null });
    await fullStudent('EX303', '3Y');
    await fullStudent('EX401', '4Z');
    await fullStudent('EX399', '3X', { withdrawn_at: new Date('2026-01-10T12:00:00Z') });
    await t.database.db.insert(registrationProgress).values({
      student_id: 'EX301',
      student_data: new Date('2026-01-05T14:30:00Z'),
    });
  });

  it('streams Registration Data - Class 3X - <date>.xlsx with a row per student and readable cells', async () => {
    const admin = await t.signInAdmin();
    const res = await admin.get(`${URL}?class_id=3X`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(
      `filename="Registration Data - Class 3X - ${today()}.xlsx"`,
    );
    const form = await admin.get(`${URL}?form_level=3`);
    expect(form.headers['content-disposition']).toContain(
      `filename="Registration Data - Form 3 - ${today()}.xlsx"`,
    );

    const { sheet, headers, rows } = await workbookOf(res.rawPayload);
    expect(headers.slice(0, 3)).toEqual(['Student ID', 'Class', 'Form Level']);
    for (const f of STUDENT_FIELDS) expect(headers).toContain(fieldHeading(f));
    expect(headers).toContain('Mother: Home Phone');
    expect(headers).toContain('Terms Agreed At');
    expect(new Set(headers).size).toBe(headers.length);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();

    // Withdrawn EX399 is left out.
    expect(rows.map((r) => r['Student ID'])).toEqual(['EX301', 'EX302']);
    const [first, second] = rows as [Record<string, unknown>, Record<string, unknown>];
    expect(first['Date of Birth']).toEqual(new Date('2013-04-09T00:00:00Z'));
    expect(sheet.getCell('A2').value).toBe('EX301');
    const dobColumn = headers.indexOf('Date of Birth') + 1;
    expect(sheet.getRow(2).getCell(dobColumn).numFmt).toBe('yyyy-mm-dd');
    expect(first['Mobile Phone']).toBe('1868-620-1234');
    expect(first['Mother: Mobile Phone']).toBe('1868-780-1234');
    expect(first.Religion).toBe('Roman Catholic');
    expect(first.House).toBe('Ruby House');
    expect(first['Form Level']).toBe(3);
    expect(first['Number of Children in Family']).toBe(4);
    expect(first['School Feeding Programme']).toBe('Yes');
    expect(second['School Feeding Programme']).toBe('No');
    expect(second['Mobile Phone']).toBeNull();
    // 14:30 UTC is 10:30 in Port of Spain.
    expect(first['Step Complete: Student']).toEqual(new Date('2026-01-05T10:30:00Z'));
    expect(second['Step Complete: Student']).toBeNull();
  });

  it('filters by form level, and includes withdrawn students when asked', async () => {
    const admin = await t.signInAdmin();
    const level3 = await workbookOf((await admin.get(`${URL}?form_level=3`)).rawPayload);
    expect(level3.rows.map((r) => r['Student ID'])).toEqual(['EX301', 'EX302', 'EX303']);
    const withWithdrawn = await workbookOf(
      (await admin.get(`${URL}?class_id=3X&include_withdrawn=1`)).rawPayload,
    );
    expect(withWithdrawn.rows.map((r) => r['Student ID'])).toEqual(['EX301', 'EX302', 'EX399']);
    expect(withWithdrawn.headers.at(-1)).toBe('Withdrawn At');
    const none = await workbookOf((await admin.get(`${URL}?form_level=4&class_id=3X`)).rawPayload);
    expect(none.rows).toEqual([]);
  });

  it('answers 400 to an unknown class or a bad filter', async () => {
    const admin = await t.signInAdmin();
    for (const query of ['class_id=9Q', 'form_level=9', 'form_level=abc', 'include_withdrawn=2', 'x=1']) {
      const res = await admin.get(`${URL}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toBeTruthy();
    }
    expect((await admin.get(`${URL}?class_id=9Q`)).json()).toMatchObject({
      message: 'Unknown class.',
      errors: [{ field: 'class_id' }],
    });
  });

  it('is for the admin role only: 401 anonymous, 403 a student and the staff role (D22)', async () => {
    expect((await t.agent().get(URL)).statusCode).toBe(401);
    const { agent } = await t.signInStudent();
    expect((await agent.get(URL)).statusCode).toBe(403);
    await createStaffUser(
      t.database.db,
      { username: 'teacher1', fullName: 'A Teacher', role: 'staff', password: 'Staff-pass-123' },
      new Date(),
    );
    const staff = t.agent();
    const login = await staff.post('/api/admin-login', { name: 'teacher1', password: 'Staff-pass-123' });
    expect(login.statusCode).toBe(200);
    expect((await staff.get(URL)).statusCode).toBe(403);
    // The menu leaves the export out for this role (D22).
    expect((await staff.get('/api/me')).json()).toMatchObject({ kind: 'staff', role: 'staff' });
    expect((await (await t.signInAdmin()).get('/api/me')).json()).toMatchObject({ role: 'admin' });
  });

  it('writes an audit row with who, the filters and the row count (D8)', async () => {
    const admin = await t.signInAdmin();
    const before = t.clock.now();
    expect((await admin.get(`${URL}?form_level=3&class_id=3Y`)).statusCode).toBe(200);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'export'));
    const row = rows.find(
      (r) => (r.detail as { filters?: { class_id?: string } }).filters?.class_id === '3Y',
    );
    expect(row).toMatchObject({
      actor_kind: 'admin',
      detail: { filters: { form_level: 3, class_id: '3Y' }, rows: 1 },
    });
    expect(row!.actor_id).toMatch(/^staff/);
    expect(row!.at.getTime()).toBeGreaterThanOrEqual(before.getTime());
  });
});
