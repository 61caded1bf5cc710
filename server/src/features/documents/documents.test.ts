import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, uploadMessages } from '@sp/domain';
import { auditLog, registrationWindows, uploadedFiles } from '../../db/schema.js';
import type { Agent } from '../../test/agent.js';
import { createStudent } from '../../test/factories.js';
import { multipart, samples } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_MB: '1' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db
    .update(registrationWindows)
    .set({ open: 1, deadline: null })
    .where(eq(registrationWindows.form_level, 1));
});

const upload = (agent: Agent, id: string, type: string, file?: { name: string; data: Buffer }) => {
  const { body, headers } = multipart({ id, file_type: type }, file);
  return agent.post('/api/store-file', body, { headers });
};
/** The stored files' names for one student, in whichever store the app uses. */
const storedFor = async (id: string) => {
  const names: string[] = [];
  for await (const key of t.files.keys()) if (key.startsWith(`${id}/`)) names.push(key.slice(id.length + 1));
  return names;
};
const rowsFor = (id: string) =>
  t.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.student_id, id));

describe('POST /api/store-file and GET /api/get-files', () => {
  it('uploads each document type and lists it with a viewing address', async () => {
    const { agent, student } = await t.signInStudent();
    const files = {
      birth_certificate: { name: 'birth certificate.pdf', data: samples.pdf },
      immunization_card: { name: 'card.jpg', data: samples.jpeg },
      sea_slip: { name: 'sea.png', data: samples.png },
      picture: { name: 'me.png', data: samples.png },
    };
    for (const type of DOCUMENT_TYPES) {
      const res = await upload(agent, student.id, type, files[type]);
      expect(res.statusCode, res.body).toBe(200);
      const kept = type === 'picture' ? 'me.jpg' : files[type].name;
      expect(res.json().message).toBe(uploadMessages.success(kept));
    }
    const list = (await agent.get(`/api/get-files/${student.id}`)).json();
    expect(list).toHaveLength(4);
    expect(list).toContainEqual(
      expect.objectContaining({
        type: 'picture',
        // D46: the photo is kept at print size, as a JPEG.
        name: 'me.jpg',
        url: `/api/files/${student.id}/picture`,
        content_type: 'image/jpeg',
      }),
    );
    expect(list).toContainEqual(
      expect.objectContaining({ type: 'immunization_card', content_type: 'image/jpeg' }),
    );
    const progress = (await agent.get(`/api/student/${student.id}`)).json().progress;
    expect(progress.documents).toBe(true);
  });

  it('serves a file inline, with its type from the bytes, nosniff and a safe name', async () => {
    const { agent, student } = await t.signInStudent();
    await upload(agent, student.id, 'birth_certificate', {
      name: 'Acte de naissance é.pdf',
      data: samples.pdf,
    });
    const res = await agent.get(`/api/files/${student.id}/birth_certificate`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(
      /^inline; filename="Acte de naissance \?\.pdf"; filename\*=UTF-8''Acte%20de%20naissance%20%C3%A9\.pdf$/,
    );
    expect(res.rawPayload.equals(samples.pdf)).toBe(true);
  });

  it('answers 404 with a message when the stored file of a listed document is missing', async () => {
    const { agent, student } = await t.signInStudent();
    await upload(agent, student.id, 'sea_slip', { name: 'slip.pdf', data: samples.pdf });
    const [row] = await rowsFor(student.id);
    await t.files.remove(row!.storage_key);
    const res = await agent.get(`/api/files/${student.id}/sea_slip`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/upload it again/);
  });

  it.each([
    // A photo is kept as a JPEG (D46), and its name says so.
    ['control characters', 'my\u0007 cert\u001b.png', 'my cert.jpg'],
    ['a right-to-left override', 'photo\u202Egnp.exe.png', 'photognp.exe.jpg'],
    ['isolates and embeddings', '\u2066a\u2067b\u2068c\u2069\u202A\u202B\u202C\u202D.png', 'abc.jpg'],
    ['a long name', `${'n'.repeat(300)}.png`, `${'n'.repeat(116)}.jpg`],
    ['nothing left after cleaning', '\u202E\u0001.png', 'Passport Photo.jpg'],
    ['no name at all but an extension', '.png', 'Passport Photo.jpg'],
  ])('cleans a file name with %s', async (_what, name, stored) => {
    const { agent, student } = await t.signInStudent();
    const res = await upload(agent, student.id, 'picture', { name, data: samples.png });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowsFor(student.id))[0]?.original_name).toBe(stored);
    expect(res.json().message).toBe(uploadMessages.success(stored));
  });

  it('replaces a resubmitted document and removes the old file', async () => {
    const { agent, student } = await t.signInStudent();
    await upload(agent, student.id, 'picture', { name: 'first.png', data: samples.png });
    const [first] = await storedFor(student.id);
    await upload(agent, student.id, 'picture', { name: 'second.jpg', data: samples.jpeg });
    const stored = await storedFor(student.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toBe(first);
    expect((await rowsFor(student.id)).map((r) => [r.original_name, r.mime_type])).toEqual([
      ['second.jpg', 'image/jpeg'],
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.student_id, student.id), eq(auditLog.action, 'upload')));
    expect(audit).toHaveLength(2);
    expect(audit[1]!.detail).toMatchObject({ replaced: true, name: 'second.jpg' });
  });

  it.each([
    ['a renamed executable', 'birth_certificate', { name: 'cert.pdf', data: samples.elf }, 415],
    ['an empty file', 'birth_certificate', { name: 'empty.pdf', data: Buffer.alloc(0) }, 400],
    [
      'a file over the limit',
      'sea_slip',
      { name: 'big.png', data: Buffer.concat([samples.png, Buffer.alloc(1024 * 1024 + 10)]) },
      413,
    ],
    ['a PDF as the picture', 'picture', { name: 'photo.pdf', data: samples.pdf }, 415],
    ['a path in the file name', 'sea_slip', { name: '../../etc/sea.png', data: samples.png }, 400],
    [
      'a Windows path in the file name',
      'sea_slip',
      { name: 'C:\\Users\\me\\sea.png', data: samples.png },
      400,
    ],
    ['an unknown document type', 'passport', { name: 'p.png', data: samples.png }, 400],
    ['no file at all', 'sea_slip', undefined, 400],
  ])('refuses %s and stores nothing', async (_name, type, file, status) => {
    const { agent, student } = await t.signInStudent();
    const res = await upload(agent, student.id, type, file);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBeTruthy();
    expect(await storedFor(student.id)).toEqual([]);
    expect(await rowsFor(student.id)).toEqual([]);
  });

  it('gives the size limit in the message', async () => {
    const { agent, student } = await t.signInStudent();
    const res = await upload(agent, student.id, 'sea_slip', {
      name: 'big.png',
      data: Buffer.alloc(2 * 1024 * 1024, 1),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(uploadMessages.tooLarge(1));
  });

  it("refuses an upload to another student's record and stores nothing", async () => {
    const { agent } = await t.signInStudent();
    const victim = await createStudent(t.database.db);
    const res = await upload(agent, victim.id, 'picture', { name: 'x.png', data: samples.png });
    expect(res.statusCode).toBe(403);
    expect(await storedFor(victim.id)).toEqual([]);
  });

  it('refuses a student upload while registration is closed; staff may still upload', async () => {
    const { agent, student } = await t.signInStudent();
    await t.database.db
      .update(registrationWindows)
      .set({ open: 0 })
      .where(eq(registrationWindows.form_level, 1));
    expect(
      (await upload(agent, student.id, 'picture', { name: 'x.png', data: samples.png })).statusCode,
    ).toBe(403);
    const admin = await t.signInAdmin();
    expect(
      (await upload(admin, student.id, 'picture', { name: 'x.png', data: samples.png })).statusCode,
    ).toBe(200);
  });

  it('refuses a JSON body and a missing XSRF token', async () => {
    const { agent, student } = await t.signInStudent();
    expect((await agent.post('/api/store-file', { id: student.id, file_type: 'picture' })).statusCode).toBe(
      415,
    );
    const { body, headers } = multipart(
      { id: student.id, file_type: 'picture' },
      { name: 'x.png', data: samples.png },
    );
    expect((await agent.post('/api/store-file', body, { headers, xsrf: false })).statusCode).toBe(403);
    expect(await storedFor(student.id)).toEqual([]);
  });

  it("does not serve another student's file", async () => {
    const owner = await t.signInStudent();
    await upload(owner.agent, owner.student.id, 'picture', { name: 'x.png', data: samples.png });
    const { agent } = await t.signInStudent();
    expect((await agent.get(`/api/files/${owner.student.id}/picture`)).statusCode).toBe(403);
    expect((await agent.get(`/api/get-files/${owner.student.id}`)).statusCode).toBe(403);
    expect((await owner.agent.get(`/api/files/${owner.student.id}/sea_slip`)).statusCode).toBe(404);
  });
});

describe('student data files (documents received)', () => {
  it('counts uploads and staff marks', async () => {
    const { agent, student } = await t.signInStudent();
    await upload(agent, student.id, 'picture', { name: 'x.png', data: samples.png });
    expect((await agent.get(`/api/student-data-files/${student.id}`)).json()).toEqual({
      student_id: student.id,
      birth_certificate: 0,
      immunization_card: 0,
      sea_slip: 0,
      picture: 1,
    });
    const admin = await t.signInAdmin();
    const res = await admin.post('/api/student-data-files', { student_id: student.id, sea_slip: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sea_slip: 1, picture: 1, birth_certificate: 0 });
    expect(
      (await agent.post('/api/student-data-files', { student_id: student.id, sea_slip: 1 })).statusCode,
    ).toBe(403);
    expect(
      (await admin.post('/api/student-data-files', { student_id: student.id, sea_slip: 2 })).statusCode,
    ).toBe(400);
    expect(
      (await admin.post('/api/student-data-files', { student_id: 'NOSUCH1', sea_slip: 1 })).statusCode,
    ).toBe(404);
  });
});
