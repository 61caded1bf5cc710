import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPhone } from '@sp/domain';
import { createStudent } from '../../test/factories.js';
import { samples } from '../../test/multipart.js';
import { PHONES, twoYearSchool } from '../../test/past-year.js';
import { pdfText } from '../../test/pdf-text.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let school: Awaited<ReturnType<typeof twoYearSchool>>;
beforeAll(async () => {
  t = await createTestApp();
  school = await twoYearSchool(t);
  // The photo of the closed year, archived with it when the new year asked for a new one.
  await t.app.ctx.files.put(`${school.stays}/picture`, samples.jpeg);
});
afterAll(() => t.close());

const form = async (id: string, query = '') =>
  (await t.signInAdmin()).get(`/api/registration-form/${id}${query}`);
const textOf = async (id: string, query = '') => {
  const res = await form(id, query);
  expect(res.statusCode, res.body).toBe(200);
  return (await pdfText(res.rawPayload)).text;
};

describe('the registration form of a school year', () => {
  it("prints a closed year's record as it was: a number changed in the new year does not appear", async () => {
    const text = await textOf(school.stays, `?year=${school.past}`);
    expect(text).toContain(formatPhone(PHONES.past));
    expect(text).not.toContain(formatPhone(PHONES.now));
    expect(text).toContain('Ann');
    expect(text).not.toContain('Anna');
    expect(text).toContain('4K');
    expect(text).not.toContain('Affix passport photo');
    expect(text).toContain(
      `Registration form of ${school.stays} · ${school.past}-${school.past + 1} · printed`,
    );
  });
  it("prints the current year's record without a year param, as always", async () => {
    const text = await textOf(school.stays);
    expect(text).toContain(formatPhone(PHONES.now));
    expect(text).not.toContain(formatPhone(PHONES.past));
    expect(text).toContain('5K');
    expect(text).toContain('Affix passport photo');
  });
  it('the family opens their own past form too', async () => {
    const { agent } = await t.signInStudent();
    expect((await agent.get(`/api/registration-form/${school.stays}?year=${school.past}`)).statusCode).toBe(
      403,
    );
  });
  it('404 for a student not enrolled that year or a year the school lacks; 400 for a malformed year', async () => {
    const newcomer = await createStudent(t.database.db, { class_id: '5K' });
    expect((await form(newcomer.id, `?year=${school.past}`)).statusCode).toBe(404);
    const unknown = await form(school.stays, '?year=2019');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('There is no school year 2019-2020.');
    expect((await form(school.stays, '?year=2025-2026')).statusCode).toBe(400);
  });
});
