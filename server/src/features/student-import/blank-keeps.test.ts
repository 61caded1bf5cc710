import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ImportPreview, ImportResult } from '@sp/domain';
import { students } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import type { TestApp } from '../../test/test-app.js';
import { HEADER, csv, openImportApp, sendFile } from '../../test/import-files.js';

let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await openImportApp()));
afterAll(() => t.close());

const preview = async (agent: Agent, file: string) => {
  const res = await sendFile(agent, '/api/students/import/preview', 'blanks.csv', file);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportPreview>();
};
const confirm = async (agent: Agent, file: string) => {
  const res = await sendFile(agent, '/api/students/import', 'blanks.csv', file);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportResult>();
};
const stored = async (id: string) =>
  (await t.database.db.select().from(students).where(eq(students.id, id)))[0];

describe('D43: a blank cell in a student import keeps the stored value', () => {
  it('keeps a stored SEA number, house and entry date when their cells are blank', async () => {
    await confirm(admin, csv(HEADER, 'K001,Ramdial,Asha,20140001,1A,2014-05-21,RED,2026-09-01'));
    const blanks = csv(HEADER, 'K001,Ramdial,Asha,,1A,2014-05-21,,');
    const shown = await preview(admin, blanks);
    expect(shown.counts).toEqual({ added: 0, changed: 0, unchanged: 1, errors: 0 });
    expect(shown.rows[0]).toMatchObject({ status: 'unchanged', changes: [] });
    await confirm(admin, blanks);
    expect(await stored('K001')).toMatchObject({
      sea_no: '20140001',
      house_code: 'RED',
      entry_date: '2026-09-01',
    });
  });

  it("keeps a stored student's name, class and birth date when those cells are blank, and writes the rest", async () => {
    await confirm(admin, csv(HEADER, 'K002,Phillip,Jordan,,1A,2014-03-09,,'));
    const file = csv(HEADER, 'K002,,,20140002,,,BLUE,');
    const shown = await preview(admin, file);
    expect(shown.rows[0]).toMatchObject({
      status: 'changed',
      changes: [
        { field: 'sea_no', from: null, to: '20140002' },
        { field: 'house_code', from: null, to: 'BLUE' },
      ],
    });
    await confirm(admin, file);
    expect(await stored('K002')).toMatchObject({
      last_name: 'Phillip',
      first_name: 'Jordan',
      class_id: '1A',
      date_of_birth: '2014-03-09',
      sea_no: '20140002',
      house_code: 'BLUE',
    });
  });

  it('still needs the required cells of a new student', async () => {
    const shown = await preview(admin, csv(HEADER, 'K003,,Ravi,,1A,2014-01-30,,'));
    expect(shown.rows[0]).toMatchObject({
      status: 'error',
      errors: [{ field: 'last_name', message: 'This field is required.' }],
    });
  });

  it("an office edit of a student's house survives another staff member's file with that cell blank", async () => {
    await confirm(admin, csv(HEADER, 'K004,Singh,Ravi,,1A,2014-01-30,RED,'));
    // The office corrects the house in the edit dialog.
    const office = await t.signInAdmin();
    const edit = await office.post('/api/student', { id: 'K004', house_code: 'BLUE' });
    expect(edit.statusCode, edit.body).toBe(200);
    // A form teacher imports the class list, made before the edit, with the House column left empty.
    const teacher = await t.signInStaff();
    const result = await confirm(teacher, csv(HEADER, 'K004,Singh,Ravi,,1A,2014-01-30,,'));
    expect(result.counts).toMatchObject({ unchanged: 1, changed: 0 });
    // What the office sees afterwards is its own edit.
    const record = await office.get('/api/student/K004');
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json<{ house_code: string }>().house_code).toBe('BLUE');
    expect(await stored('K004')).toMatchObject({ house_code: 'BLUE' });
  });

  it('says which houses the school has when a house is unknown, however long its name', async () => {
    const shown = await preview(admin, csv(HEADER, 'K005,Ali,Zara,,1A,2014-01-30,Emerald House,'));
    expect(shown.rows[0]?.errors).toEqual([
      {
        field: 'house_code',
        message:
          '"Emerald House" is not one of the school\'s houses: Ruby House (RED), Sapphire House (BLUE).',
      },
    ]);
  });
});
