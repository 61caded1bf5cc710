import type { ChangeStaffPassword } from '@sp/domain';
import { apiPost } from '../../../api/client';
import { deferredSchema } from '../../../api/deferred-checks';

const responseSchema = deferredSchema((checks) => checks.changeStaffPasswordResponseSchema);

/** POST /api/change-password-staff; `old_password` is left out after a one-time password. */
export const changeStaffPassword = (body: ChangeStaffPassword) =>
  apiPost('/api/change-password-staff', body, responseSchema);
