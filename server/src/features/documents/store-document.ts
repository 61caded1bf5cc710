import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { ACCEPTED_MIME_TYPES, uploadFieldsSchema, uploadMessages } from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { students, uploadedFiles } from '../../db/schema.js';
import { AppError, badRequest, fromZodError, notFound } from '../../errors.js';
import { assertMayActOn, type Actor } from '../../plugins/auth.js';
import { closedMessage, studentRegistration } from '../../shared/registration-window.js';
import { clearRejection } from './document-files.js';
import type { Upload } from '../../shared/read-upload.js';
import { refreshProgress } from '../../shared/student-record.js';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** A file name for display: no folders, no control characters. A name with a path is refused (D7). */
function displayName(name: string): string {
  if (/[/\\]/.test(name) || name.split('.').every((p) => p === ''))
    throw badRequest(uploadMessages.badName, 'file');
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!clean) throw badRequest(uploadMessages.badName, 'file');
  return clean.slice(-200);
}

/**
 * D7: type from the bytes, size limit, server-made names, stored outside any public folder. A resubmitted
 * document replaces the old one only after the new file and its row are safely written.
 */
export async function storeDocument(
  ctx: AppContext,
  actor: Actor,
  upload: Upload,
): Promise<{ message: string }> {
  const parsed = uploadFieldsSchema.safeParse(upload.fields);
  if (!parsed.success) throw fromZodError(parsed.error);
  const { id, file_type: type } = parsed.data;
  assertMayActOn(actor, id);
  if (!upload.file) throw badRequest(uploadMessages.noFile, 'file');
  const name = displayName(upload.file.name);
  const data = upload.file.data;
  if (data.length === 0) throw badRequest(uploadMessages.empty, 'file');

  const [student] = await ctx.db.select({ id: students.id }).from(students).where(eq(students.id, id));
  if (!student) throw notFound('No student with that ID.');
  if (actor.kind === 'student') {
    const registration = await studentRegistration(ctx, id);
    if (!registration.open) throw new AppError(403, closedMessage(registration.status));
  }

  const detected = await fileTypeFromBuffer(data);
  const mime = detected?.mime ?? 'unknown';
  if (!ACCEPTED_MIME_TYPES[type].includes(mime)) {
    throw new AppError(415, type === 'picture' ? uploadMessages.pictureType : uploadMessages.wrongType, [
      { field: 'file', message: type === 'picture' ? uploadMessages.pictureType : uploadMessages.wrongType },
    ]);
  }

  const key = `${id}/${type}-${randomUUID()}.${EXTENSIONS[mime]}`;
  await ctx.files.put(key, data);
  const now = ctx.clock();
  let replacedKey: string | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      const [previous] = await tx
        .select({ key: uploadedFiles.storage_key })
        .from(uploadedFiles)
        .where(and(eq(uploadedFiles.student_id, id), eq(uploadedFiles.type, type)));
      const row = {
        original_name: name,
        storage_key: key,
        mime_type: mime,
        size_bytes: data.length,
        uploaded_at: now,
      };
      await tx
        .insert(uploadedFiles)
        .values({ student_id: id, type, ...row })
        .onConflictDoUpdate({ target: [uploadedFiles.student_id, uploadedFiles.type], set: row });
      await writeAudit(tx, {
        ...auditActor(actor),
        action: 'upload',
        studentId: id,
        field: type,
        oldValue: previous?.key ?? null,
        newValue: key,
        detail: { name, mime, size: data.length, replaced: !!previous },
        at: now,
      });
      await clearRejection(tx, id, type);
      await refreshProgress(tx, id, now);
      replacedKey = previous?.key;
    });
  } catch (err) {
    await ctx.files.remove(key);
    throw err;
  }
  if (replacedKey) {
    await ctx.files
      .remove(replacedKey)
      .catch((err: unknown) => ctx.log.warn({ err }, 'old upload not removed'));
  }
  return { message: uploadMessages.success(name) };
}
