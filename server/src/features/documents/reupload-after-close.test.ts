import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentCheckListSchema, pendingStudentsSchema } from '@sp/domain';
import { registrationWindows } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { multipart, samples } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Form 2 is this file's own: its registration opens for the first uploads and closes before the checks.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setWindow = (open: 0 | 1) =>
  t.database.db
    .update(registrationWindows)
    .set({ open, deadline: null })
    .where(eq(registrationWindows.form_level, 2));
const upload = (agent: Agent, id: string, type: string) => {
  const { body, headers } = multipart({ id, file_type: type }, { name: `${type}.pdf`, data: samples.pdf });
  return agent.post('/api/store-file', body, { headers });
};
const checkOf = async (agent: Agent, id: string, type: string) =>
  documentCheckListSchema
    .parse((await agent.get(`/api/document-checks/${id}`)).json())
    .find((c) => c.type === type)!;

describe('a rejected document after registration closed (D42)', () => {
  it('the office rejects after the close, the family uploads again, and the office sees it waiting', async () => {
    await setWindow(1);
    const { agent: family, student } = await t.signInStudent({ class_id: '2A' });
    const office = await t.signInAdmin();
    expect((await upload(family, student.id, 'sea_slip')).statusCode).toBe(200);
    expect((await upload(family, student.id, 'birth_certificate')).statusCode).toBe(200);
    await setWindow(0);

    const reject = await office.post('/api/document-checks', {
      student_id: student.id,
      type: 'sea_slip',
      status: 'rejected',
      reason: 'The slip is cut off.',
    });
    expect(reject.statusCode).toBe(200);
    const pending = async () =>
      pendingStudentsSchema
        .parse((await office.get('/api/completion/pending?item=sea_slip&class_id=2A')).json())
        .map((s) => s.id);
    expect(await pending()).toContain(student.id);

    // Everything else stays closed: another document, and a field.
    const other = await upload(family, student.id, 'birth_certificate');
    expect(other.statusCode).toBe(403);
    expect(other.json<{ message: string }>().message).toBe(
      'Registration is not open for your form at the moment.',
    );
    expect((await family.post('/api/student', { id: student.id, place_of_birth: 'Arima' })).statusCode).toBe(
      403,
    );

    const again = await upload(family, student.id, 'sea_slip');
    expect(again.statusCode, again.body).toBe(200);
    const seen = await checkOf(office, student.id, 'sea_slip');
    expect(seen).toMatchObject({ status: null, reason: null });
    expect(seen.file?.name).toBe('sea_slip.pdf');
    expect(await pending()).not.toContain(student.id);

    // Once it is no longer rejected, the window is closed for it too.
    expect((await upload(family, student.id, 'sea_slip')).statusCode).toBe(403);
  });

  it('the office marks a paper original received: the family reads it, and it counts as done', async () => {
    await setWindow(0);
    const { agent: family, student } = await t.signInStudent({ class_id: '2A' });
    const office = await t.signInAdmin();
    const mark = await office.post('/api/document-checks', {
      student_id: student.id,
      type: 'birth_certificate',
      status: 'received',
    });
    expect(mark.statusCode).toBe(200);
    expect(await checkOf(family, student.id, 'birth_certificate')).toMatchObject({
      status: 'received',
      file: null,
      // By name (createStaff's admin account), not by username.
      checked_by: 'Maria Admin',
    });
    expect((await family.get(`/api/student-data-files/${student.id}`)).json()).toMatchObject({
      birth_certificate: 1,
    });
    // No upload for it: registration is closed and nothing was rejected.
    expect((await upload(family, student.id, 'birth_certificate')).statusCode).toBe(403);
  });

  it('completes the Documents step with an original received on paper, and a rejection undoes it', async () => {
    await setWindow(1);
    const { agent: family, student } = await t.signInStudent({ class_id: '2A' });
    const office = await t.signInAdmin();
    for (const type of ['birth_certificate', 'immunization_card', 'sea_slip'])
      expect((await upload(family, student.id, type)).statusCode).toBe(200);
    const documentsStep = async () =>
      (await family.get(`/api/student/${student.id}`)).json<{ progress: { documents: boolean } }>().progress
        .documents;
    expect(await documentsStep()).toBe(false);
    await office.post('/api/document-checks', {
      student_id: student.id,
      type: 'picture',
      status: 'received',
    });
    expect(await documentsStep()).toBe(true);
    await office.post('/api/document-checks', {
      student_id: student.id,
      type: 'sea_slip',
      status: 'rejected',
      reason: 'Too dark.',
    });
    expect(await documentsStep()).toBe(false);
  });
});
