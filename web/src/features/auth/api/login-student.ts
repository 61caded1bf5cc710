import type { StudentLogin, StudentLoginResponse } from '@sp/domain';
import { apiPost, refreshCsrfCookie } from '../../../api/client';
import { deferredSchema } from '../../../api/deferred-checks';

const responseSchema = deferredSchema((checks) => checks.studentLoginResponseSchema);

/** Spec section 4: first the security cookie, then the sign-in (which also says whether a reset is due, D1). */
export async function loginStudent(body: StudentLogin): Promise<StudentLoginResponse> {
  await refreshCsrfCookie();
  return apiPost('/api/login-student', body, responseSchema);
}
