import type { FastifyRequest } from 'fastify';
import { uploadMessages } from '@sp/domain';
import { AppError, badRequest, fileRefused } from '../errors.js';

export interface Upload {
  fields: Record<string, string>;
  file: { name: string; data: Buffer } | undefined;
}

interface ReadUploadOptions {
  /** A tighter size limit than UPLOAD_MAX_MB for this route, and the 413 message that names it. */
  maxBytes?: number;
  tooLargeMessage?: string;
}

const isFileTooLarge = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';

/** Reads the multipart body: its text fields and one file (kept in memory, at most UPLOAD_MAX_MB). */
export async function readUpload(request: FastifyRequest, options: ReadUploadOptions = {}): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError(415, 'Send the document as multipart/form-data.');
  const upload: Upload = { fields: {}, file: undefined };
  const parts = request.parts(options.maxBytes ? { limits: { fileSize: options.maxBytes } } : {});
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (upload.file) throw badRequest('Send one file at a time.', 'file');
        upload.file = { name: part.filename, data };
      } else if (typeof part.value === 'string') {
        upload.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (options.tooLargeMessage && isFileTooLarge(err)) {
      throw fileRefused(413, options.tooLargeMessage);
    }
    // The multipart parser's own complaints (a body cut off, a wrong boundary) are the client's fault (D15);
    // limits and our own errors keep their status.
    const status = (err as { statusCode?: number }).statusCode;
    if (err instanceof AppError || (status && status < 500)) throw err;
    throw badRequest(uploadMessages.malformed, 'file');
  }
  return upload;
}

/** An uploaded file's name as shown in a history: no folders, no control characters, at most 200 characters. */
export function displayFileName(name: string, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || fallback).slice(-200);
}
