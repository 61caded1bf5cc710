import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { ImportPreview } from '@sp/domain';
import { studentImports, students } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { samples } from '../../test/multipart.js';
import type { TestApp } from '../../test/test-app.js';
import { HEADER, csv, openImportApp, sendFile } from '../../test/import-files.js';

let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await openImportApp()));
afterAll(() => t.close());

const PREVIEW = '/api/students/import/preview';
const badRows = readFileSync(new URL('./fixtures/bad-rows.csv', import.meta.url));

describe('import preview', () => {
  it('gives each bad row its reasons, ignores blank rows and writes nothing', async () => {
    const res = await sendFile(admin, PREVIEW, 'bad-rows.csv', badRows);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<ImportPreview>();
    expect(preview.counts).toEqual({ added: 0, changed: 0, unchanged: 0, errors: 10 });
    const reasons = Object.fromEntries(
      preview.rows.map((r) => [r.line, r.errors.map((e) => `${e.field}: ${e.message}`)]),
    );
    expect(preview.rows.every((r) => r.status === 'error')).toBe(true);
    expect(reasons[2]).toEqual(['class_id: Unknown class "9Z".']);
    // 2013-02-30 is written right but is no day.
    expect(reasons[3]).toEqual(['date_of_birth: Enter a real date.']);
    expect(reasons[4]).toEqual([
      'house_code: "Green" is not one of the school\'s houses: Ruby House (RED), Sapphire House (BLUE).',
    ]);
    expect(reasons[5]).toEqual(['last_name: This field is required.']);
    expect(reasons[6]).toEqual(['id: This ID appears more than once in the file (rows 6, 7).']);
    expect(reasons[7]).toEqual(reasons[6]);
    expect(reasons[8]).toEqual(['last_name: At most 20 characters.']);
    expect(reasons[9]).toBeUndefined(); // the blank row
    expect(reasons[10]).toEqual(['sea_no: At most 15 characters.']);
    expect(reasons[11]).toEqual(['date_of_birth: The date cannot be in the future.']);
    expect(reasons[12]).toEqual([
      'entry_date: Enter the date as yyyy-mm-dd or dd/mm/yyyy.',
      'date_of_birth: This field is required.',
    ]);

    const stored = await t.database.db
      .select({ id: students.id })
      .from(students)
      .where(inArray(students.id, ['B001', 'B005', 'B009']));
    expect(stored).toEqual([]);
    expect(await t.database.db.select().from(studentImports)).toEqual([]);
  });

  it('imports none of the bad rows on confirm', async () => {
    const res = await sendFile(admin, '/api/students/import', 'bad-rows.csv', badRows);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ counts: unknown }>().counts).toEqual({
      added: 0,
      changed: 0,
      unchanged: 0,
      errors: 10,
    });
    const stored = await t.database.db.select({ id: students.id }).from(students);
    expect(stored.filter((s) => s.id.startsWith('B0'))).toEqual([]);
  });

  it('matches headers in any order and case and reads dd/mm/yyyy', async () => {
    const file = csv(
      'first name;DATE OF BIRTH;class;student id;LAST_NAME;house',
      'Asha;21/05/2014;1a;C001;Ramdial;sapphire house',
    );
    const res = await sendFile(admin, PREVIEW, 'semicolons.csv', file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportPreview>().rows).toMatchObject([
      { line: 2, id: 'C001', name: 'Ramdial, Asha', status: 'new', errors: [] },
    ]);
  });

  it.each([
    ['a picture', 'photo.png', samples.png, 415, /Only CSV or XLSX/],
    ['a PDF named .csv', 'students.csv', samples.pdf, 415, /Only CSV or XLSX/],
    ['an empty file', 'empty.csv', Buffer.alloc(0), 400, /empty/],
    ['a file over 5 MB', 'big.csv', Buffer.alloc(5 * 1024 * 1024 + 10, 'a'), 413, /larger than 5 MB/],
    ['a file without a header', 'noheader.csv', Buffer.from('2026001,Ali,Zara\n'), 400, /no header row/],
    ['a header without names', 'names.csv', Buffer.from('ID,Class\nX1,1A\n'), 400, /Last Name, First Name/],
    ['a header and no rows', 'none.csv', Buffer.from(`${HEADER}\n,,,\n`), 400, /no students/],
    [
      'a ZIP that is not a workbook',
      'book.xlsx',
      Buffer.from('PK\u0003\u0004garbage'),
      415,
      /could not be read/,
    ],
  ])('refuses %s', async (_what, name, data, status, message) => {
    const res = await sendFile(admin, PREVIEW, name, data);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json<{ message: string }>().message).toMatch(message);
  });

  it('refuses a request without a file', async () => {
    const res = await admin.request('POST', PREVIEW, {
      body: Buffer.from('--x--\r\n'),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/Choose a CSV or XLSX file/);
  });
});
