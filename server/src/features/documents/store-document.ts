import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import {
  ACCEPTED_MIME_TYPES,
  DOCUMENT_LABELS,
  uploadFieldsSchema,
  uploadMessages,
  type DocumentType,
} from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { uploadedFiles } from '../../db/schema.js';
import { AppError, badRequest, fromZodError } from '../../errors.js';
import { assertMayActOn, type Actor } from '../../plugins/auth.js';
import type { Upload } from '../../shared/read-upload.js';
import { closedMessage, studentRegistration } from '../../shared/registration-window.js';
import { printSizePicture } from '../../shared/picture.js';
import { refuseLeaver } from '../../shared/school-years.js';
import { refreshProgress } from '../../shared/student-record.js';
import { studentYear } from '../../shared/student-year.js';
import { clearRejection, requireStudent } from './document-files.js';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** Longest file name kept for display, extension included. */
const NAME_MAX_LENGTH = 120;
/** Control characters and bidirectional overrides, embeddings and isolates (a "photo\u202Egnp.exe" trick). */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** A name with a folder path is refused (D7): it is a mistake or an attack, never a document's name. */
function refusePathInName(name: string): void {
  if (/[/\\]/.test(name)) throw badRequest(uploadMessages.badName, 'file');
}

/**
 * A file name for display: no control or bidirectional-override characters, at most 120 characters with
 * the extension kept; a name with nothing left but an extension becomes the document type's name.
 */
function displayName(name: string, type: DocumentType, mime: string): string {
  const clean = name.replace(INVISIBLE, '').trim();
  const dot = clean.lastIndexOf('.');
  const hasExtension = dot >= 0 && clean.length - dot <= 10;
  const stem = (hasExtension ? clean.slice(0, dot) : clean).replace(/^[.\s]+/, '');
  const extension = hasExtension ? clean.slice(dot) : '';
  if (!stem) return `${DOCUMENT_LABELS[type]}.${EXTENSIONS[mime]}`;
  return stem.slice(0, NAME_MAX_LENGTH - extension.length) + extension;
}

/** A photo sent as PNG is kept as JPEG: its name says so, so a download opens with the right program. */
function withExtension(name: string, mime: string): string {
  const extension = EXTENSIONS[mime]!;
  if (mime !== 'image/jpeg' || /\.jpe?g$/i.test(name)) return name;
  return name.replace(/\.[^.]{1,9}$/, '') + '.' + extension;
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
  refusePathInName(upload.file.name);
  const data = upload.file.data;
  if (data.length === 0) throw badRequest(uploadMessages.empty, 'file');

  await requireStudent(ctx.db, id);
  if (actor.kind === 'student') {
    // As the record's saves: a leaver's family no longer registers; staff may still file for them.
    refuseLeaver(await studentYear(ctx.db, id));
    const registration = await studentRegistration(ctx, id, type);
    if (!registration.open) throw new AppError(403, closedMessage(registration.status));
  }

  const detected = await fileTypeFromBuffer(data);
  const mime = detected?.mime ?? 'unknown';
  if (!ACCEPTED_MIME_TYPES[type].includes(mime)) {
    throw new AppError(415, type === 'picture' ? uploadMessages.pictureType : uploadMessages.wrongType, [
      { field: 'file', message: type === 'picture' ? uploadMessages.pictureType : uploadMessages.wrongType },
    ]);
  }

  // D46: the photo is kept at print size only; the other documents keep their bytes.
  const stored = type === 'picture' ? await printSizePicture(data, 'photo') : { data, mime };
  const name = withExtension(displayName(upload.file.name, type, mime), stored.mime);
  const key = `${id}/${type}-${randomUUID()}.${EXTENSIONS[stored.mime]}`;
  await ctx.files.put(key, stored.data);
  const now = ctx.clock();
  let replacedKey: string | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      const [previous] = await tx
        .select({ key: uploadedFiles.storage_key })
        .from(uploadedFiles)
        .where(
          and(eq(uploadedFiles.student_id, id), eq(uploadedFiles.type, type), isNull(uploadedFiles.year)),
        );
      const row = {
        original_name: name,
        storage_key: key,
        mime_type: stored.mime,
        size_bytes: stored.data.length,
        uploaded_at: now,
      };
      await tx
        .insert(uploadedFiles)
        .values({ student_id: id, type, ...row })
        // The unique index covers only live files (year IS NULL); PostgreSQL needs its predicate to use it.
        .onConflictDoUpdate({
          target: [uploadedFiles.student_id, uploadedFiles.type],
          targetWhere: isNull(uploadedFiles.year),
          set: row,
        });
      await writeAudit(tx, {
        ...auditActor(actor),
        action: 'upload',
        studentId: id,
        field: type,
        oldValue: previous?.key ?? null,
        newValue: key,
        detail: { name, mime: stored.mime, size: stored.data.length, replaced: !!previous },
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
