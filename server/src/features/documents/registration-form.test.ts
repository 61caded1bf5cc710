import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_FIELDS, dateInZone, formatPhone } from '@sp/domain';
import { registrationWindows, students } from '../../db/schema.js';
import { fullRecord } from '../../demo/full-record.js';
import { SPANISH_NOTE } from '../../pdf/registration-form.js';
import { multipart, samples } from '../../test/multipart.js';
import { pdfText } from '../../test/pdf-text.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .update(registrationWindows)
    .set({ open: 1 })
    .where(eq(registrationWindows.form_level, 1));
});
afterAll(() => t.close());

const squash = (s: string) => s.replace(/\s+/g, '');

/** What the form should show for a field: phones formatted, codes as names, flags as boxes. */
function printed(name: string, value: string | number | null | undefined): string | null {
  const field = STUDENT_FIELDS.find((f) => f.name === name)!;
  if (field.control === 'flag' || value === null || value === undefined) return null;
  if (field.control === 'phone') return formatPhone(String(value));
  if (name === 'religion_code') return 'Roman Catholic';
  if (name === 'ethnic_group_code') return 'Mixed (African/East Indian)';
  if (name === 'house_code') return 'Ruby House';
  return String(value);
}

describe('GET /api/registration-form/:id', () => {
  it('prints every filled field of a full record on two Legal pages, with the photo', async () => {
    const { agent, student } = await t.signInStudent();
    const record = fullRecord(dateInZone(t.clock.now()));
    await t.database.db.update(students).set(record).where(eq(students.id, student.id));
    const { body, headers } = multipart(
      { id: student.id, file_type: 'picture' },
      { name: 'me.png', data: samples.png },
    );
    expect((await agent.post('/api/store-file', body, { headers })).statusCode).toBe(200);

    const res = await agent.get(`/api/registration-form/${student.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline;/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Legal paper: 8.5 × 14 in = 612 × 1008 points.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 612 1008\]/);
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);

    const { text, pages } = await pdfText(pdf);
    expect(pages).toBe(2);
    const all = squash(text);
    const missing = Object.entries({ ...record, class_id: '1A', house_code: 'RED' })
      .map(([name, value]) => [name, printed(name, value)] as const)
      .filter(([, shown]) => shown !== null && !all.includes(squash(shown)))
      .map(([name]) => name);
    expect(missing).toEqual([]);
    for (const heading of [
      'STUDENT REGISTRATION FORM',
      'STUDENT INFORMATION',
      'FAMILY INFORMATION',
      'HEALTH HISTORY',
      'OTHER INFORMATION',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain(student.id);
    expect(text).toContain('Signature of parent or guardian');
    // D53: English throughout, with one Spanish line on the first page, under the title.
    const firstPage = squash(text.slice(0, text.indexOf('FAMILY INFORMATION')));
    expect(firstPage).toContain(squash(`STUDENT REGISTRATION FORM${SPANISH_NOTE}`));
  });

  it('renders an empty record with blank lines', async () => {
    const admin = await t.signInAdmin();
    const { student } = await t.signInStudent();
    const res = await admin.get(`/api/registration-form/${student.id}`);
    expect(res.statusCode).toBe(200);
    const { text, pages } = await pdfText(res.rawPayload);
    expect(pages).toBeLessThanOrEqual(2);
    expect(text).toContain('Affix passport photo');
    expect(text).toContain('Date of Birth');
  });

  it("refuses another student's form and answers 404 for an unknown one", async () => {
    const owner = await t.signInStudent();
    const { agent } = await t.signInStudent();
    expect((await agent.get(`/api/registration-form/${owner.student.id}`)).statusCode).toBe(403);
    const admin = await t.signInAdmin();
    expect((await admin.get('/api/registration-form/NOSUCH1')).statusCode).toBe(404);
  });
});
