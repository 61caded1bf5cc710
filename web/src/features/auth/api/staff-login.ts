import type { adminLoginResponseSchema, AdminLogin } from '@sp/domain';
import type { z } from 'zod';
import { apiPost, refreshCsrfCookie } from '../../../api/client';
import { deferredSchema } from '../../../api/deferred-checks';

export type StaffLoginResponse = z.infer<typeof adminLoginResponseSchema>;

const responseSchema = deferredSchema((checks) => checks.adminLoginResponseSchema);

/** Any staff member signs in here, whatever their role; the endpoint keeps its name from the spec. */
export async function staffLogin(body: AdminLogin): Promise<StaffLoginResponse> {
  await refreshCsrfCookie();
  return apiPost('/api/admin-login', body, responseSchema);
}
