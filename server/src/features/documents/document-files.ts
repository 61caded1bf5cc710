import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  DOCUMENT_TYPES,
  documentState,
  isDocumentDone,
  messages,
  type DocumentCheckState,
  type DocumentCheckStatus,
  type DocumentType,
  type StoredFile,
  type StudentDataFiles,
} from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { documentChecks, staffUsers, students, uploadedFiles } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { assertMayActOn, type Actor } from '../../plugins/auth.js';
import { refreshProgress } from '../../shared/student-record.js';
import { mailRejection } from './rejection-mail.js';

export const fileUrl = (studentId: string, type: DocumentType): string =>
  `/api/files/${encodeURIComponent(studentId)}/${type}`;

export async function listStudentFiles(ctx: AppContext, studentId: string): Promise<StoredFile[]> {
  const rows = await ctx.db
    .select({
      type: uploadedFiles.type,
      name: uploadedFiles.original_name,
      content_type: uploadedFiles.mime_type,
      uploaded_at: uploadedFiles.uploaded_at,
    })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.student_id, studentId), isNull(uploadedFiles.year)))
    .orderBy(uploadedFiles.type);
  return rows.map((r) => ({
    type: r.type as DocumentType,
    name: r.name,
    url: fileUrl(studentId, r.type as DocumentType),
    content_type: r.content_type,
    uploaded_at: r.uploaded_at.toISOString(),
  }));
}

export async function findStudentFile(ctx: AppContext, studentId: string, type: DocumentType) {
  const [row] = await ctx.db
    .select()
    .from(uploadedFiles)
    .where(
      and(eq(uploadedFiles.student_id, studentId), eq(uploadedFiles.type, type), isNull(uploadedFiles.year)),
    );
  return row;
}

/** 404 for a student ID that does not exist, so staff never read an empty answer as "nothing on file". */
export async function requireStudent(db: Pick<AppContext['db'], 'select'>, studentId: string): Promise<void> {
  const [student] = await db.select({ id: students.id }).from(students).where(eq(students.id, studentId));
  if (!student) throw notFound(messages.noStudent);
}

/** Each of the four documents with its file (if any) and the staff check (D23). */
export async function documentChecksOf(ctx: AppContext, studentId: string): Promise<DocumentCheckState[]> {
  await requireStudent(ctx.db, studentId);
  const [files, checks] = await Promise.all([
    listStudentFiles(ctx, studentId),
    // Who checked it by their name: the row keeps the username, which the office does not know others by.
    ctx.db
      .select({
        type: documentChecks.type,
        status: documentChecks.status,
        reason: documentChecks.reason,
        checked_by: sql<string | null>`coalesce(${staffUsers.full_name}, ${documentChecks.checked_by})`,
        checked_at: documentChecks.checked_at,
      })
      .from(documentChecks)
      .leftJoin(staffUsers, sql`lower(${staffUsers.username}) = lower(${documentChecks.checked_by})`)
      .where(eq(documentChecks.student_id, studentId)),
  ]);
  return DOCUMENT_TYPES.map((type) => {
    const check = checks.find((c) => c.type === type);
    return {
      type,
      status: (check?.status ?? null) as DocumentCheckStatus | null,
      reason: check?.status === 'rejected' ? (check.reason ?? null) : null,
      checked_by: check?.status ? check.checked_by : null,
      checked_at: check?.status && check.checked_at ? check.checked_at.toISOString() : null,
      file: files.find((f) => f.type === type) ?? null,
    };
  });
}

/** Per document type, 1 when it is done (D42): uploaded and not rejected, or received or verified on paper. */
export function documentsHeld(states: readonly DocumentCheckState[]): Record<DocumentType, 0 | 1> {
  const out = {} as Record<DocumentType, 0 | 1>;
  for (const state of states)
    out[state.type] = isDocumentDone(documentState(state.status, !!state.file)) ? 1 : 0;
  return out;
}

export async function studentDataFiles(
  ctx: AppContext,
  actor: Actor,
  studentId: string,
): Promise<StudentDataFiles> {
  assertMayActOn(actor, studentId);
  return { student_id: studentId, ...documentsHeld(await documentChecksOf(ctx, studentId)) };
}

async function writeCheck(
  tx: Tx,
  studentId: string,
  type: DocumentType,
  check: { status: DocumentCheckStatus | null; reason: string | null },
  by: string,
  now: Date,
): Promise<void> {
  const values = {
    status: check.status,
    reason: check.status === 'rejected' ? check.reason : null,
    received: check.status === 'received' || check.status === 'verified' ? 1 : 0,
    checked_by: by,
    checked_at: now,
  };
  await tx
    .insert(documentChecks)
    .values({ student_id: studentId, type, ...values })
    .onConflictDoUpdate({ target: [documentChecks.student_id, documentChecks.type], set: values });
}

/** Staff check one document: received, verified, or rejected with a reason the family sees (D23). */
export async function checkDocument(
  ctx: AppContext,
  actor: Actor,
  input: {
    student_id: string;
    type: DocumentType;
    status: DocumentCheckStatus | null;
    reason: string | null;
  },
): Promise<DocumentCheckState[]> {
  assertMayActOn(actor, input.student_id);
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    await requireStudent(tx, input.student_id);
    const [before] = await tx
      .select({ status: documentChecks.status, reason: documentChecks.reason })
      .from(documentChecks)
      .where(and(eq(documentChecks.student_id, input.student_id), eq(documentChecks.type, input.type)));
    await writeCheck(tx, input.student_id, input.type, input, actor.id, now);
    if (input.status === 'rejected') await mailRejection(tx, ctx, input, before, now);
    await writeAudit(tx, {
      ...auditActor(actor),
      action: 'document_check',
      studentId: input.student_id,
      field: input.type,
      oldValue: before?.status ?? null,
      newValue: input.status,
      detail: input.reason ? { reason: input.reason } : null,
      at: now,
    });
    // A rejection undoes the Documents step, an original received may complete it (D42).
    await refreshProgress(tx, input.student_id, now);
  });
  return documentChecksOf(ctx, input.student_id);
}

/**
 * The spec's `POST /api/student-data-files`: 1 marks the paper original received (a verified document stays
 * verified), 0 clears the mark. One transaction with its audit row.
 */
export async function markDocumentsReceived(
  ctx: AppContext,
  actor: Actor,
  studentId: string,
  marks: Partial<Record<DocumentType, 0 | 1>>,
): Promise<void> {
  assertMayActOn(actor, studentId);
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    await requireStudent(tx, studentId);
    const current = await tx.select().from(documentChecks).where(eq(documentChecks.student_id, studentId));
    for (const type of DOCUMENT_TYPES) {
      const received = marks[type];
      if (received === undefined) continue;
      const verified = current.find((c) => c.type === type)?.status === 'verified';
      const status = received === 1 ? (verified ? 'verified' : 'received') : null;
      await writeCheck(tx, studentId, type, { status, reason: null }, actor.id, now);
    }
    await writeAudit(tx, {
      ...auditActor(actor),
      action: 'document_check',
      studentId,
      detail: { received: marks },
      at: now,
    });
    await refreshProgress(tx, studentId, now);
  });
}

/** A new upload of a rejected document goes back to waiting for a check (the family resubmitted). */
export async function clearRejection(tx: Tx, studentId: string, type: DocumentType): Promise<void> {
  await tx
    .update(documentChecks)
    .set({ status: null, reason: null, received: 0 })
    .where(
      and(
        eq(documentChecks.student_id, studentId),
        eq(documentChecks.type, type),
        eq(documentChecks.status, 'rejected'),
      ),
    );
}
