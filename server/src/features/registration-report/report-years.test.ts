import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.js';
import { twoYearSchool } from '../../test/past-year.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let school: Awaited<ReturnType<typeof twoYearSchool>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await twoYearSchool(t);
});
afterAll(() => t.close());

const report = async (query: string) => (await t.signInAdmin()).get(`/api/registration-report/all?${query}`);

describe('the registration report by school year', () => {
  it("prints the current year's students only: last year's leaver is not listed", async () => {
    const res = await report('');
    expect(res.statusCode).toBe(200);
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain(`${school.stays} Stays, Anna – – – – – – Verified Missing Missing Missing –`);
    expect(text).not.toContain('Leaver');
    expect(text).not.toContain('CLASS 4K');
  });
  it('prints a closed year as it ended: its classes, names, steps, documents and terms', async () => {
    const res = await report(`year=${school.past}`);
    expect(res.statusCode).toBe(200);
    const { text } = await pdfText(res.rawPayload);
    const day = '2025-10-01';
    expect(text).toContain(`Whole school, ${school.past}-${school.past + 1} · 2 students in 1 class`);
    expect(text).toContain('CLASS 4K · FORM 4 · 2 STUDENTS');
    expect(text).toContain(
      `${school.stays} Stays, Ann ${Array(6).fill(day).join(' ')} Verified Missing Missing Uploaded ${day} 10:00`,
    );
    expect(text).toContain(`${school.leaver} Leaver, Lee – – – – – – Missing Missing Missing Missing –`);
    expect(text).not.toContain('Anna');
  });
  it('refuses a year the school does not have, and one that is not a year', async () => {
    const res = await report('year=2019');
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe('There is no school year 2019-2020.');
    expect((await report('year=20x5')).statusCode).toBe(400);
  });
});
