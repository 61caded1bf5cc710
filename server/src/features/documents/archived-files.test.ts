import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationWindows, uploadedFiles } from '../../db/schema.js';
import { multipart, samples } from '../../test/multipart.js';
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

// D49: a yearly document is archived with its closed year (uploaded_files.year); the family's documents are
// the live ones only, so last year's photo is neither listed, served nor replaced as this year's.
describe('a file archived with a closed year', () => {
  it('is not the live document: not listed, not served, and a new upload sits beside it', async () => {
    const { agent, student } = await t.signInStudent();
    const { body, headers } = multipart(
      { id: student.id, file_type: 'picture' },
      { name: 'photo.jpg', data: samples.jpeg },
    );
    expect((await agent.post('/api/store-file', body, { headers })).statusCode).toBe(200);
    await t.database.db
      .update(uploadedFiles)
      .set({ year: 2025 })
      .where(eq(uploadedFiles.student_id, student.id));

    expect((await agent.get(`/api/get-files/${student.id}`)).json()).toEqual([]);
    expect((await agent.get(`/api/files/${student.id}/picture`)).statusCode).toBe(404);

    const again = multipart(
      { id: student.id, file_type: 'picture' },
      { name: 'new.jpg', data: samples.jpeg },
    );
    expect((await agent.post('/api/store-file', again.body, { headers: again.headers })).statusCode).toBe(
      200,
    );
    const rows = await t.database.db
      .select({ year: uploadedFiles.year, name: uploadedFiles.original_name })
      .from(uploadedFiles)
      .where(eq(uploadedFiles.student_id, student.id));
    expect(rows.sort((a, b) => (a.year ?? 0) - (b.year ?? 0))).toEqual([
      { year: null, name: 'new.jpg' },
      { year: 2025, name: 'photo.jpg' },
    ]);
    const list = (await agent.get(`/api/get-files/${student.id}`)).json<{ name: string }[]>();
    expect(list.map((f) => f.name)).toEqual(['new.jpg']);
  });
});
