import type { adminLoginResponseSchema, AdminLogin } from '@sp/domain';
import type { z } from 'zod';
import { apiPost, refreshCsrfCookie } from '../../../api/client';
import { deferredSchema } from '../../../api/deferred-checks';

export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

const responseSchema = deferredSchema((checks) => checks.adminLoginResponseSchema);

export async function adminLogin(body: AdminLogin): Promise<AdminLoginResponse> {
  await refreshCsrfCookie();
  return apiPost('/api/admin-login', body, responseSchema);
}
