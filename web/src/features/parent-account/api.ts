import type { ParentLogin, ParentSignUp } from '@sp/domain';
import { apiGet, apiPost, refreshCsrfCookie } from '../../api/client';
import { deferredSchema } from '../../api/deferred-checks';

const accountSchema = deferredSchema((checks) => checks.parentAccountSchema);
const messageSchema = deferredSchema((checks) => checks.forgotPasswordResponseSchema);
const meSchema = deferredSchema((checks) => checks.currentUserSchema);

/**
 * A parent signs in (D50): the security cookie first, then the sign-in, then who the session shows (the first
 * linked child, or none yet).
 */
export async function loginParent(body: ParentLogin) {
  await refreshCsrfCookie();
  await apiPost('/api/parent/login', body, accountSchema);
  return apiGet('/api/me', meSchema);
}

/** POST /api/parent/sign-up: the same answer whether or not the address has an account. */
export async function signUpParent(body: ParentSignUp) {
  await refreshCsrfCookie();
  return apiPost('/api/parent/sign-up', body, messageSchema);
}

/** POST /api/parent/resend-confirmation: the same answer for any address. */
export const resendConfirmation = (email: string) =>
  apiPost('/api/parent/resend-confirmation', { email }, messageSchema);

/** POST /api/parent/change-password: the parent's own password; the account's other sessions end. */
export const changeParentPassword = (body: {
  old_password: string;
  password: string;
  password_confirmation: string;
}) => apiPost('/api/parent/change-password', body, accountSchema);
