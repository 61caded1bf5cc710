import { EXPORT_FILE_NAME, type ExportQuery } from '@sp/domain';
import { downloadFile } from '../../../api/download';

/** GET /api/registration-data-spreadsheet with the chosen filters, saved as 'Registration Data.xlsx'. */
export function downloadExport(filters: ExportQuery, signal?: AbortSignal): Promise<void> {
  const query = new URLSearchParams();
  if (filters.form_level !== undefined) query.set('form_level', String(filters.form_level));
  if (filters.class_id) query.set('class_id', filters.class_id);
  if (filters.include_withdrawn === '1') query.set('include_withdrawn', '1');
  const search = query.size ? `?${query.toString()}` : '';
  return downloadFile(`/api/registration-data-spreadsheet${search}`, EXPORT_FILE_NAME, signal);
}
