import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StaffRole } from '@sp/domain';

/** What each role may use (D22), as the staff panel says it. */
export const ROLE_HINTS: Record<StaffRole, MessageDescriptor> = {
  admin: msg`Everything, including staff accounts and the data export.`,
  staff: msg`Students, documents and reports; not staff accounts or the export.`,
};
