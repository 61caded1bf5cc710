import { adminLoginResponseSchema, type AdminLogin } from '@sp/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost, refreshCsrfCookie } from '../../../api/client';

export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

export async function adminLogin(body: AdminLogin): Promise<AdminLoginResponse> {
  await refreshCsrfCookie();
  return apiPost('/api/admin-login', body, adminLoginResponseSchema);
}

export const useAdminLogin = () => useMutation({ mutationFn: adminLogin });
