import { exportFileName, type ExportQuery } from '@sp/domain';
import { downloadFile } from '../../../api/download';

/**
 * GET /api/registration-data-spreadsheet with the chosen filters, saved under a name that says what it holds
 * and when ('Registration Data - Form 1 - 2026-11-24.xlsx': the school's day, not the browser's). Returns
 * that name.
 */
export async function downloadExport(
  filters: ExportQuery,
  schoolToday: string,
  signal?: AbortSignal,
): Promise<string> {
  const query = new URLSearchParams();
  if (filters.form_level !== undefined) query.set('form_level', String(filters.form_level));
  if (filters.class_id) query.set('class_id', filters.class_id);
  if (filters.include_withdrawn === '1') query.set('include_withdrawn', '1');
  if (filters.year !== undefined) query.set('year', String(filters.year));
  const search = query.size ? `?${query.toString()}` : '';
  const name = exportFileName(filters, schoolToday);
  await downloadFile(`/api/registration-data-spreadsheet${search}`, name, signal);
  return name;
}
