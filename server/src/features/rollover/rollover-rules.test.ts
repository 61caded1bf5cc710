import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { multipart } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { currentYear } from '../../shared/school-years.js';
import {
  addClasses,
  confirmBody,
  enrolmentsOf,
  preview,
  put,
  rollOver,
  student,
} from '../../test/rollover-kit.js';

let t: TestApp;
let admin: Agent;
let year: number;
const db = () => t.database.db;
const s: Record<string, { id: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  await addClasses(db());
  year = (await currentYear(db())).year;
  for (const [name, cls] of Object.entries({
    promoted: '1A',
    moved: '1B',
    listed: '1A',
    graduate: '5A',
    repeater: '3A',
    leaver: '2A',
    transfer: '4A',
    sixth: '5A',
    upper: 'U6A',
    withdrawn: '2A',
  }))
    s[name] = await student(db(), cls);
  await db().update(students).set({ withdrawn_at: new Date() }).where(eq(students.id, s.withdrawn!.id));
  s.noClass = await student(db(), '1A', { class_id: null });
});
afterAll(() => t.close());

const mark = (id: string, body: unknown) => put(admin, `/api/admin/rollover/marks/${id}`, body);
const classListFile = (text: string) => multipart({}, { name: 'classes.csv', data: Buffer.from(text) });
const uploadList = (text: string) => {
  const { body, headers } = classListFile(text);
  return admin.post('/api/admin/rollover/class-list', body, { headers });
};

describe('the rollover, rule by rule (D49)', () => {
  it('lists conflicts in the preview and refuses to confirm while any remains', async () => {
    expect((await mark(s.sixth!.id, { mark: 'sixth_form' })).statusCode).toBe(200);
    const plan = await preview(admin);
    const messages = plan.conflicts.map((c) => c.message).join('\n');
    expect(messages).toContain('has no class');
    expect(messages).toContain('the school has no sixth form');
    const res = await admin.post('/api/admin/rollover', await confirmBody(db(), plan.plan_hash));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/conflicts? remain/);
    expect((await currentYear(db())).year).toBe(year);
  });

  it('takes marks, class moves and an uploaded class list, all or nothing', async () => {
    expect((await mark(s.noClass!.id, { mark: 'leaving' })).json()).toEqual({
      student_id: s.noClass!.id,
      mark: 'leaving',
      school: null,
    });
    expect((await mark(s.repeater!.id, { mark: 'repeating' })).statusCode).toBe(200);
    expect((await mark(s.leaver!.id, { mark: 'leaving' })).statusCode).toBe(200);
    const noSchool = await mark(s.transfer!.id, { mark: 'transferring' });
    expect(noSchool.statusCode).toBe(400);
    expect(noSchool.json().errors[0].field).toBe('school');
    expect(
      (await mark(s.transfer!.id, { mark: 'transferring', school: 'Naparima College' })).statusCode,
    ).toBe(200);
    const moves = await put(admin, '/api/admin/rollover/class-moves', [
      { from: '1B', to: '2C' },
      { from: '5A', to: 'L6A' },
    ]);
    expect(moves.json()).toEqual([
      { from: '1B', to: '2C' },
      { from: '5A', to: 'L6A' },
    ]);
    const badMove = await put(admin, '/api/admin/rollover/class-moves', [{ from: '9Z', to: '1A' }]);
    expect(badMove.statusCode).toBe(400);
    expect(badMove.json().message).toBe('There is no class 9Z.');

    const bad = await uploadList(`student_id,class\n${s.listed!.id},2B\nNOBODY,2B\n${s.promoted!.id},7Q\n`);
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'line 3', message: `Line 3: NOBODY is not enrolled in ${year}-${year + 1}.` },
      { field: 'line 4', message: 'Line 4: there is no class 7Q. Add it in Settings → Classes first.' },
    ]);
    expect((await preview(admin)).students.find((r) => r.student_id === s.listed!.id)?.next?.class_id).toBe(
      '2A',
    );
    const good = await uploadList(`Student ID,Class\n${s.listed!.id},2b\n`);
    expect(good.json()).toEqual({ file_name: 'classes.csv', students: 1, cleared: 0 });
  });

  it('closes the year and opens the next by every rule', async () => {
    expect((await admin.post('/api/settings', { sixth_form: true })).json().sixth_form).toBe(true);
    const plan = await preview(admin);
    expect(plan.conflicts).toEqual([]);
    expect(plan.sixth_form).toBe(true);
    const res = await rollOver(db(), admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      already: false,
      from_year: year,
      to_year: year + 1,
      students: 11,
      continuing: 5,
      repeating: 1,
      leavers: { graduated: 2, left: 2, transferred: 1, withdrawn: 1 },
    });
    expect(await currentYear(db())).toMatchObject({ year: year + 1, starts_on: `${year + 1}-09-01` });

    const expected: Record<string, [string, string | null, string | null]> = {
      // name: closing status, next status, class now
      promoted: ['enrolled', 'enrolled', '2A'],
      moved: ['enrolled', 'enrolled', '2C'],
      listed: ['enrolled', 'enrolled', '2B'],
      graduate: ['graduated', null, null],
      repeater: ['enrolled', 'repeating', '3A'],
      leaver: ['left', null, null],
      transfer: ['transferred', null, null],
      sixth: ['enrolled', 'enrolled', 'L6A'],
      upper: ['graduated', null, null],
      withdrawn: ['withdrawn', null, null],
      noClass: ['left', null, null],
    };
    for (const [name, [closing, nextStatus, classNow]] of Object.entries(expected)) {
      const [closed, opened] = await enrolmentsOf(db(), s[name]!.id);
      expect(closed, name).toMatchObject({ year, status: closing });
      expect(opened?.status ?? null, name).toBe(nextStatus);
      const [live] = await db().select().from(students).where(eq(students.id, s[name]!.id));
      expect(live?.class_id ?? null, name).toBe(classNow);
    }
    const [closedTransfer] = await enrolmentsOf(db(), s.transfer!.id);
    expect(closedTransfer).toMatchObject({ status_note: 'Naparima College', class_id: '4A', form_level: 4 });
    // The mark is kept with the closed year; the new year's row starts clean, so nobody repeats twice.
    const [closedRepeat, repeatYear] = await enrolmentsOf(db(), s.repeater!.id);
    expect(closedRepeat).toMatchObject({ next_mark: 'repeating', class_id: '3A' });
    expect(repeatYear).toMatchObject({
      next_mark: null,
      next_school: null,
      next_class_id: null,
      returning: true,
    });
    const nextPlan = await preview(admin);
    expect(nextPlan.students.find((r) => r.student_id === s.repeater!.id)).toMatchObject({
      mark: null,
      next: { form_level: 4, class_id: '4A', status: 'enrolled' },
    });
  });

  it('answers a mark for a student who left with 404, as for one who never existed', async () => {
    expect((await mark(s.graduate!.id, { mark: 'repeating' })).statusCode).toBe(404);
    const unknown = await mark('NO-SUCH-STUDENT', { mark: 'repeating' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBeTruthy();
  });
});
