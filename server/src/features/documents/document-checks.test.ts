import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentCheckListSchema } from '@sp/domain';
import { auditLog, registrationWindows } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { multipart, samples } from '../../test/multipart.js';
import { pdfText } from '../../test/pdf-text.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .update(registrationWindows)
    .set({ open: 1, deadline: null })
    .where(eq(registrationWindows.form_level, 1));
});
afterAll(() => t.close());

const upload = (agent: Agent, id: string, type: string) => {
  const { body, headers } = multipart({ id, file_type: type }, { name: `${type}.pdf`, data: samples.pdf });
  return agent.post('/api/store-file', body, { headers });
};
const checksOf = async (agent: Agent, id: string) =>
  documentCheckListSchema.parse((await agent.get(`/api/document-checks/${id}`)).json());

async function formText(agent: Agent, id: string): Promise<string> {
  const res = await agent.get(`/api/registration-form/${id}`);
  return (await pdfText(res.rawPayload)).text;
}

describe('document checks (D23)', () => {
  it('staff verify and reject; the family sees the reason, resubmits, and the form follows the marks', async () => {
    const { agent: family, student } = await t.signInStudent();
    const admin = await t.signInAdmin();
    expect((await upload(family, student.id, 'birth_certificate')).statusCode).toBe(200);
    expect((await upload(family, student.id, 'sea_slip')).statusCode).toBe(200);

    const verify = await admin.post('/api/document-checks', {
      student_id: student.id,
      type: 'birth_certificate',
      status: 'verified',
    });
    expect(verify.statusCode).toBe(200);
    const reject = await admin.post('/api/document-checks', {
      student_id: student.id,
      type: 'sea_slip',
      status: 'rejected',
      reason: 'The slip is cut off at the bottom.',
    });
    expect(reject.statusCode).toBe(200);

    const seen = await checksOf(family, student.id);
    expect(seen.find((c) => c.type === 'sea_slip')).toMatchObject({
      status: 'rejected',
      reason: 'The slip is cut off at the bottom.',
    });
    expect(seen.find((c) => c.type === 'birth_certificate')?.status).toBe('verified');
    // The rejected slip is no longer held; the verified certificate is.
    const held = (await family.get(`/api/student-data-files/${student.id}`)).json();
    expect(held).toMatchObject({ birth_certificate: 1, sea_slip: 0 });
    const text = await formText(admin, student.id);
    expect(text).toContain('Birth Certificate (verified)');
    expect(text).not.toContain('SEA Slip (verified)');

    // Resubmitting clears the rejection: the document waits for a new check and counts as received.
    expect((await upload(family, student.id, 'sea_slip')).statusCode).toBe(200);
    const after = await checksOf(family, student.id);
    expect(after.find((c) => c.type === 'sea_slip')).toMatchObject({ status: null, reason: null });
    expect((await family.get(`/api/student-data-files/${student.id}`)).json()).toMatchObject({ sea_slip: 1 });

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.student_id, student.id));
    expect(audit.filter((a) => a.action === 'document_check').map((a) => a.new_value)).toEqual(
      expect.arrayContaining(['verified', 'rejected']),
    );
  });

  it('refuses a rejection without a reason, an unknown type or student, and a student marking', async () => {
    const { agent: family, student } = await t.signInStudent();
    const admin = await t.signInAdmin();
    const noReason = await admin.post('/api/document-checks', {
      student_id: student.id,
      type: 'picture',
      status: 'rejected',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ errors: [{ field: 'reason' }] });
    const badType = await admin.post('/api/document-checks', {
      student_id: student.id,
      type: 'passport',
      status: 'received',
    });
    expect(badType.statusCode).toBe(400);
    const unknown = await admin.post('/api/document-checks', {
      student_id: 'NOSUCH9',
      type: 'picture',
      status: 'received',
    });
    expect(unknown.statusCode).toBe(404);
    const byFamily = await family.post('/api/document-checks', {
      student_id: student.id,
      type: 'picture',
      status: 'verified',
    });
    expect(byFamily.statusCode).toBe(403);
    expect((await admin.get('/api/document-checks/NOSUCH9')).statusCode).toBe(404);
  });
});
