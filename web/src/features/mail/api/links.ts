import {
  confirmedAddressSchema,
  forgotPasswordResponseSchema,
  passwordLinkResponseSchema,
  passwordLinkStateSchema,
  unsubscribeStateSchema,
} from '@sp/domain';
import { apiGet, apiPost, apiSend } from '../../../api/client';

const tokenQuery = (token: string) => `token=${encodeURIComponent(token)}`;

/** POST /api/forgot-password: the same answer whether or not anything was sent (D52). */
export const forgotStudentPassword = (studentId: string) =>
  apiPost('/api/forgot-password', { student_id: studentId }, forgotPasswordResponseSchema);

/** POST /api/admin/forgot-password */
export const forgotStaffPassword = (username: string) =>
  apiPost('/api/admin/forgot-password', { username }, forgotPasswordResponseSchema);

/** POST /api/parent/forgot-password (D50) */
export const forgotParentPassword = (email: string) =>
  apiPost('/api/parent/forgot-password', { email }, forgotPasswordResponseSchema);

/** GET /api/password-link?token=: whether the link can still be used; it does not use it up. */
export const passwordLinkState = (token: string) =>
  apiGet(`/api/password-link?${tokenQuery(token)}`, passwordLinkStateSchema);

/** POST /api/password-link: the new password; the answer says whose sign-in page follows. */
export const setPasswordByLink = (body: { token: string; password: string; password_confirmation: string }) =>
  apiPost('/api/password-link', body, passwordLinkResponseSchema);

/** POST /api/mail/confirm: the address is confirmed (the link is used up). */
export const confirmAddress = (token: string) =>
  apiPost('/api/mail/confirm', { token }, confirmedAddressSchema);

/** GET /api/mail/unsubscribe?token=: which address and which e-mails the link is for. */
export const unsubscribeState = (token: string) =>
  apiGet(`/api/mail/unsubscribe?${tokenQuery(token)}`, unsubscribeStateSchema);

/** POST /api/mail/unsubscribe?token=: what a mail client's one-click button does at /unsubscribe. */
export const unsubscribe = (token: string) =>
  apiSend('POST', `/api/mail/unsubscribe?${tokenQuery(token)}`).then(() => true);
