import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { uploadedFiles } from '../../db/schema.js';
import { printReadyPicture } from '../../shared/picture.js';

type FileRow = typeof uploadedFiles.$inferSelect;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** One conversion per stored photo at a time, however many forms ask for it together. */
const converting = new Map<string, Promise<Buffer | null>>();

/**
 * D46: the passport photo as the registration form draws it. Photos uploaded since D46 are print-size
 * already (one header read says so). One kept from before is made print-size once, here, and put back in
 * place of the original, so the next form finds it ready; a photo over the limit or unreadable is left out.
 */
export function printPhoto(ctx: AppContext, row: FileRow): Promise<Buffer | null> {
  let pending = converting.get(row.storage_key);
  if (!pending) {
    pending = photoAtPrintSize(ctx, row).finally(() => converting.delete(row.storage_key));
    converting.set(row.storage_key, pending);
  }
  return pending;
}

async function photoAtPrintSize(ctx: AppContext, row: FileRow): Promise<Buffer | null> {
  const original = await readAll((await ctx.files.read(row.storage_key)).stream);
  const picture = await printReadyPicture(original, 'photo');
  if (!picture) {
    ctx.log.warn({ key: row.storage_key }, 'passport photo too large or unreadable: left off the form');
    return null;
  }
  if (picture.data !== original)
    await keepPrintSize(ctx, row, picture.data).catch((err: unknown) => {
      ctx.log.warn({ err, key: row.storage_key }, 'print-size photo not kept');
    });
  return picture.data;
}

/**
 * The print-size photo replaces the original only if that is still the student's photo: a family that
 * uploads a new one meanwhile keeps theirs, and this copy is dropped.
 */
async function keepPrintSize(ctx: AppContext, row: FileRow, data: Buffer): Promise<void> {
  const key = `${row.student_id}/${row.type}-${randomUUID()}.jpg`;
  await ctx.files.put(key, data);
  const updated = await ctx.db
    .update(uploadedFiles)
    .set({
      storage_key: key,
      mime_type: 'image/jpeg',
      size_bytes: data.length,
      original_name: row.original_name.replace(/\.png$/i, '.jpg'),
    })
    .where(
      and(
        eq(uploadedFiles.student_id, row.student_id),
        eq(uploadedFiles.type, row.type),
        eq(uploadedFiles.storage_key, row.storage_key),
      ),
    )
    .returning({ key: uploadedFiles.storage_key });
  await ctx.files.remove(updated.length ? row.storage_key : key);
}
