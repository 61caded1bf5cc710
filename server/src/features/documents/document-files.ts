import { and, eq } from 'drizzle-orm';
import { DOCUMENT_TYPES, type DocumentType, type StoredFile, type StudentDataFiles } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { documentChecks, students, uploadedFiles } from '../../db/schema.js';
import { notFound } from '../../errors.js';

/** 404 for a student ID that does not exist, so staff never read an empty answer as "nothing on file". */
export async function requireStudentExists(ctx: AppContext, studentId: string): Promise<void> {
  const [row] = await ctx.db.select({ id: students.id }).from(students).where(eq(students.id, studentId));
  if (!row) throw notFound('No student with that ID.');
}

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
    .where(eq(uploadedFiles.student_id, studentId))
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
    .where(and(eq(uploadedFiles.student_id, studentId), eq(uploadedFiles.type, type)));
  return row;
}

/** Per document type: 1 when a file is on record or staff marked the original as received. */
export async function studentDataFiles(ctx: AppContext, studentId: string): Promise<StudentDataFiles> {
  const files = new Set((await listStudentFiles(ctx, studentId)).map((f) => f.type));
  const checks = await ctx.db.select().from(documentChecks).where(eq(documentChecks.student_id, studentId));
  const checked = new Set(checks.filter((c) => c.received === 1).map((c) => c.type));
  const out = { student_id: studentId } as StudentDataFiles;
  for (const type of DOCUMENT_TYPES) out[type] = files.has(type) || checked.has(type) ? 1 : 0;
  return out;
}

export async function markDocumentsReceived(
  ctx: AppContext,
  studentId: string,
  marks: Partial<Record<DocumentType, 0 | 1>>,
  staff: string,
): Promise<void> {
  const now = ctx.clock();
  for (const type of DOCUMENT_TYPES) {
    const received = marks[type];
    if (received === undefined) continue;
    const values = { received, checked_by: staff, checked_at: now };
    await ctx.db
      .insert(documentChecks)
      .values({ student_id: studentId, type, ...values })
      .onConflictDoUpdate({ target: [documentChecks.student_id, documentChecks.type], set: values });
  }
}
