import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documentChecks, uploadedFiles } from '../../db/schema.js';
import { openRegistration } from '../../test/factories.js';
import { expectNotOwner, ownerAndOther, staffActor, studentActor } from '../../test/actors.js';
import { samples } from '../../test/multipart.js';
import { checkDocument, markDocumentsReceived, studentDataFiles } from './document-files.js';
import { registrationFormPdf } from './registration-form.js';
import { storeDocument } from './store-document.js';
import { studentDocumentChecks, studentFile, studentFiles } from './student-documents.js';

// Each service called directly, as a route would not: another student is refused, the owner and staff are not.

const s = ownerAndOther();
beforeAll(async () => {
  await openRegistration(s.t.database.db);
  const pdf = { name: 'certificate.pdf', data: samples.pdf };
  await storeDocument(s.ctx, studentActor(s.owner), {
    fields: { id: s.owner, file_type: 'birth_certificate' },
    file: pdf,
  });
});

const auditRows = async () =>
  (await s.t.database.db.select().from(auditLog).where(eq(auditLog.student_id, s.owner))).length;

describe('document services re-check ownership (ADR 0009)', () => {
  it('storeDocument: another student cannot upload into the record; nothing is written', async () => {
    const before = await auditRows();
    const pdf = { name: 'slip.pdf', data: samples.pdf };
    await expectNotOwner(
      storeDocument(s.ctx, studentActor(s.other), {
        fields: { id: s.owner, file_type: 'sea_slip' },
        file: pdf,
      }),
    );
    expect(await auditRows()).toBe(before);
    const rows = await s.t.database.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.student_id, s.owner));
    expect(rows.map((r) => r.type)).toEqual(['birth_certificate']);
  });

  it('studentFiles and studentFile: only the owner and staff list or open the documents', async () => {
    await expectNotOwner(studentFiles(s.ctx, studentActor(s.other), s.owner));
    await expectNotOwner(studentFile(s.ctx, studentActor(s.other), s.owner, 'birth_certificate'));
    for (const actor of [studentActor(s.owner), staffActor()]) {
      expect((await studentFiles(s.ctx, actor, s.owner)).map((f) => f.type)).toEqual(['birth_certificate']);
      expect((await studentFile(s.ctx, actor, s.owner, 'birth_certificate')).original_name).toBe(
        'certificate.pdf',
      );
    }
  });

  it('studentDocumentChecks and studentDataFiles: only the owner and staff read them', async () => {
    await expectNotOwner(studentDocumentChecks(s.ctx, studentActor(s.other), s.owner));
    await expectNotOwner(studentDataFiles(s.ctx, studentActor(s.other), s.owner));
    for (const actor of [studentActor(s.owner), staffActor()]) {
      expect((await studentDocumentChecks(s.ctx, actor, s.owner)).length).toBe(4);
      expect(await studentDataFiles(s.ctx, actor, s.owner)).toMatchObject({
        student_id: s.owner,
        birth_certificate: 1,
      });
    }
  });

  it('registrationFormPdf: only the owner and staff print the form', async () => {
    await expectNotOwner(registrationFormPdf(s.ctx, studentActor(s.other), s.owner));
    for (const actor of [studentActor(s.owner), staffActor()]) {
      const pdf = await registrationFormPdf(s.ctx, actor, s.owner);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('checkDocument and markDocumentsReceived: a student actor on another record writes nothing', async () => {
    const before = await auditRows();
    await expectNotOwner(
      checkDocument(s.ctx, studentActor(s.other), {
        student_id: s.owner,
        type: 'birth_certificate',
        status: 'verified',
        reason: null,
      }),
    );
    await expectNotOwner(markDocumentsReceived(s.ctx, studentActor(s.other), s.owner, { sea_slip: 1 }));
    expect(await auditRows()).toBe(before);
    const checks = await s.t.database.db
      .select()
      .from(documentChecks)
      .where(eq(documentChecks.student_id, s.owner));
    expect(checks).toEqual([]);

    const states = await checkDocument(s.ctx, staffActor(), {
      student_id: s.owner,
      type: 'birth_certificate',
      status: 'verified',
      reason: null,
    });
    expect(states.find((s) => s.type === 'birth_certificate')?.status).toBe('verified');
    await markDocumentsReceived(s.ctx, staffActor(), s.owner, { sea_slip: 1 });
    expect(await studentDataFiles(s.ctx, staffActor(), s.owner)).toMatchObject({
      birth_certificate: 1,
      sea_slip: 1,
    });
  });
});
