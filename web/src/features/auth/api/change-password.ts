import type { changePasswordResponseSchema, ChangePassword } from '@sp/domain';
import type { z } from 'zod';
import { apiPost } from '../../../api/client';
import { deferredSchema } from '../../../api/deferred-checks';

export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

const responseSchema = deferredSchema((checks) => checks.changePasswordResponseSchema);

/** POST /api/change-password-student; `old_password` is left out on the first-sign-in reset. */
export const changePassword = (body: ChangePassword): Promise<ChangePasswordResponse> =>
  apiPost('/api/change-password-student', body, responseSchema);
