import type { SecondFactorCode } from '@sp/domain';
import { apiPost, refreshCsrfCookie } from '../../../api/client';
import { deferredSchema } from '../../../api/deferred-checks';
import { answerWithPasskey } from '../../../api/webauthn';
import type { StaffLoginResponse } from './staff-login';

const responseSchema = deferredSchema((checks) => checks.adminLoginResponseSchema);
const optionsSchema = deferredSchema((checks) => checks.webauthnOptionsResponseSchema);

/** D51: the second step after a right password, with a code from the authenticator app or a recovery code. */
export const signInWithCode = (body: SecondFactorCode): Promise<StaffLoginResponse> =>
  apiPost('/api/admin-login/second-factor', body, responseSchema);

/** D51: a passkey alone signs a staff member in (it is two factors in one); the browser finds the account's. */
export async function signInWithPasskey(): Promise<StaffLoginResponse> {
  await refreshCsrfCookie();
  const { ticket, options } = await apiPost('/api/passkeys/sign-in-options', {}, optionsSchema);
  const response = await answerWithPasskey(options);
  return apiPost('/api/passkeys/sign-in', { ticket, response }, responseSchema);
}
