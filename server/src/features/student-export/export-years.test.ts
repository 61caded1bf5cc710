import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldHeadingOf, formatPhone } from '@sp/domain';
import { PHONES, twoYearSchool } from '../../test/past-year.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let school: Awaited<ReturnType<typeof twoYearSchool>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await twoYearSchool(t);
});
afterAll(() => t.close());

const PHONE = fieldHeadingOf('home_phone_mother');

/** The rows of the spreadsheet, a student's cells by heading. */
async function exported(query: string) {
  const res = await (await t.signInAdmin()).get(`/api/registration-data-spreadsheet?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push(Object.fromEntries(headers.map((h, i) => [h, (row.values as unknown[])[i + 1]])));
  });
  const pick = (r: Record<string, unknown>) => [r['Student ID'], r['First Name'], r['Class'], r[PHONE]];
  return { rows: rows.map(pick), name: String(res.headers['content-disposition']) };
}

describe('the registration data export by school year', () => {
  it("exports the current year's students only, as their records are now", async () => {
    const { rows } = await exported('include_withdrawn=1');
    expect(rows).toEqual([[school.stays, 'Anna', '5K', formatPhone(PHONES.now)]]);
  });
  it("exports a closed year's records as they were frozen: last year's number, not the one changed since", async () => {
    const { rows, name } = await exported(`year=${school.past}&form_level=4`);
    expect(rows).toEqual(
      [
        [school.stays, 'Ann', '4K', formatPhone(PHONES.past)],
        [school.leaver, 'Lee', '4K', undefined],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(name).toContain(`Registration Data - Form 4 - ${school.past}-${school.past + 1} - `);
  });
  it('refuses a year the school does not have, and one that is not a year', async () => {
    const admin = await t.signInAdmin();
    const unknown = await admin.get('/api/registration-data-spreadsheet?year=2019');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('There is no school year 2019-2020.');
    expect((await admin.get('/api/registration-data-spreadsheet?year=-1')).statusCode).toBe(400);
  });
});
