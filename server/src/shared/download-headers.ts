import { create } from 'content-disposition';

/**
 * The `Content-Disposition` of a download, `attachment` (saved) or `inline` (shown in the browser). Any name
 * goes: quotes and backslashes are escaped, and a name outside ASCII is sent exactly in `filename*` beside
 * a plain fallback for old clients (a raw accented name would make the header invalid).
 */
export const contentDisposition = (fileName: string, type: 'attachment' | 'inline' = 'attachment'): string =>
  create(fileName, { type });
