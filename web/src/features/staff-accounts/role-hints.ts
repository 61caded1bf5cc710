import type { StaffRole } from '@sp/domain';

/** What each role may use (D22), as the staff panel says it. */
export const ROLE_HINTS: Record<StaffRole, string> = {
  admin: 'Everything, including staff accounts and the data export.',
  staff: 'Students, documents and reports; not staff accounts or the export.',
};
