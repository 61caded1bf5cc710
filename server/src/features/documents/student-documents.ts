import { messages, type DocumentCheckState, type DocumentType, type StoredFile } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { assertMayActOn, type Actor } from '../../plugins/auth.js';
import { documentChecksOf, findStudentFile, listStudentFiles, requireStudent } from './document-files.js';

// What the family or staff ask for, checked against the actor (ADR 0009); the readers in document-files.ts
// stay unchecked so the registration form and the staff checks can compose them.

/** A student's uploaded documents. */
export async function studentFiles(ctx: AppContext, actor: Actor, studentId: string): Promise<StoredFile[]> {
  assertMayActOn(actor, studentId);
  await requireStudent(ctx.db, studentId);
  return listStudentFiles(ctx, studentId);
}

/** One uploaded document's row; 404 when none is on file. */
export async function studentFile(ctx: AppContext, actor: Actor, studentId: string, type: DocumentType) {
  assertMayActOn(actor, studentId);
  const file = await findStudentFile(ctx, studentId, type);
  if (!file) throw notFound(messages.notFound);
  return file;
}

/** Each document with its file and staff check (D23). */
export async function studentDocumentChecks(
  ctx: AppContext,
  actor: Actor,
  studentId: string,
): Promise<DocumentCheckState[]> {
  assertMayActOn(actor, studentId);
  return documentChecksOf(ctx, studentId);
}
