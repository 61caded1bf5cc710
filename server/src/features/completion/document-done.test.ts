import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completionSchema, documentState, isDocumentDone, pendingStudentsSchema } from '@sp/domain';
import { documentChecks, uploadedFiles } from '../../db/schema.js';
import { createStudent, ensureClass, uploadedFileRow } from '../../test/factories.js';
import { pdfText } from '../../test/pdf-text.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// D42 in every place that counts a document: each check status with and without a file, in a class of its own.
const CASES = (['none', 'received', 'verified', 'rejected'] as const).flatMap((status) =>
  [true, false].map((file) => ({ status: status === 'none' ? null : status, file })),
);
const CLASS = '7D';

let t: TestApp;
const ids: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await ensureClass(db, CLASS, 7);
  for (const [i, c] of CASES.entries()) {
    const { id } = await createStudent(db, { class_id: CLASS, last_name: `Case${i}` });
    ids.push(id);
    if (c.file) await db.insert(uploadedFiles).values(uploadedFileRow(id, 'picture', new Date()));
    if (c.status)
      await db.insert(documentChecks).values({
        student_id: id,
        type: 'picture',
        status: c.status,
        reason: c.status === 'rejected' ? 'Too dark.' : null,
        received: c.status === 'rejected' ? 0 : 1,
        checked_by: 'office',
        checked_at: new Date(),
      });
  }
});
afterAll(() => t.close());

const doneIds = () => ids.filter((_, i) => isDocumentDone(documentState(CASES[i]!.status, CASES[i]!.file)));

describe('one meaning of "document done" (D42)', () => {
  it('is uploaded and not rejected, or received or verified on paper', () => {
    expect(CASES.map((c) => isDocumentDone(documentState(c.status, c.file)))).toEqual([
      true, // uploaded, not checked
      false, // nothing
      true, // uploaded and received
      true, // the paper original received, no upload
      true,
      true, // verified without an upload
      false, // rejected
      false,
    ]);
  });

  it('the dashboard, the not-done lists, the students filter, the held marks and the report agree', async () => {
    const admin = await t.signInAdmin();
    const done = doneIds();

    const completion = completionSchema.parse((await admin.get('/api/completion')).json());
    const row = completion.classes.find((c) => c.class_id === CLASS)!;
    expect(row.students).toBe(CASES.length);
    expect(row.documents.picture).toBe(done.length);

    const pending = pendingStudentsSchema.parse(
      (await admin.get(`/api/completion/pending?item=picture&class_id=${CLASS}`)).json(),
    );
    expect(pending.map((s) => s.id).sort()).toEqual(ids.filter((id) => !done.includes(id)).sort());

    const list = await admin.get(`/api/students?pending=picture&class_id=${CLASS}`);
    expect(list.headers['x-total-count']).toBe(String(CASES.length - done.length));

    for (const [i, id] of ids.entries()) {
      const held = (await admin.get(`/api/student-data-files/${id}`)).json<{ picture: number }>();
      expect(held.picture, `case ${i}`).toBe(done.includes(id) ? 1 : 0);
    }

    const { text } = await pdfText(
      (await admin.get(`/api/registration-report/all?class_id=${CLASS}`)).rawPayload,
    );
    // The photo column of the class's totals: the dashboard's count and its share.
    const share = Math.round((100 * done.length) / CASES.length);
    // The class's totals: six steps, then each document's count and share over its verified count.
    const totals = text.slice(text.indexOf('Totals 8 students'));
    expect(totals).toContain(`0 verified\n${done.length} · ${share}%\n2 verified`);
    for (const [i, id] of ids.entries()) {
      const word = {
        uploaded: 'Uploaded',
        missing: 'Missing',
        received: 'Received',
        verified: 'Verified',
        rejected: 'Rejected',
      }[documentState(CASES[i]!.status, CASES[i]!.file)];
      expect(text).toMatch(new RegExp(`${id} Case${i}, Asha( \\S+){6} Missing Missing Missing ${word}`));
    }
  });
});
