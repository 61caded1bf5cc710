import { NOTIFICATION_KINDS, passwordLinkStateSchema } from '@sp/domain';
import { z } from 'zod';
import { apiGet, apiPost, apiSend } from '../../../api/client';

const tokenQuery = (token: string) => `token=${encodeURIComponent(token)}`;

/** POST /api/forgot-password: the same answer whether or not anything was sent (D52). */
export const forgotStudentPassword = (studentId: string) =>
  apiSend('POST', '/api/forgot-password', { student_id: studentId }).then(() => true);

/** POST /api/admin/forgot-password */
export const forgotStaffPassword = (username: string) =>
  apiSend('POST', '/api/admin/forgot-password', { username }).then(() => true);

/** GET /api/password-link?token=: whether the link can still be used; it does not use it up. */
export const passwordLinkState = (token: string) =>
  apiGet(`/api/password-link?${tokenQuery(token)}`, passwordLinkStateSchema);

const passwordSetSchema = z.object({ kind: z.enum(['student', 'staff']) });

/** POST /api/password-link: the new password; the answer says whose sign-in page follows. */
export const setPasswordByLink = (body: { token: string; password: string; password_confirmation: string }) =>
  apiPost('/api/password-link', body, passwordSetSchema);

const confirmedSchema = z.object({ address: z.string() });

/** POST /api/mail/confirm: the address is confirmed (the link is used up). */
export const confirmAddress = (token: string) => apiPost('/api/mail/confirm', { token }, confirmedSchema);

const unsubscribeStateSchema = z.object({ address: z.string(), kind: z.enum(NOTIFICATION_KINDS) });
export type UnsubscribeState = z.infer<typeof unsubscribeStateSchema>;

/** GET /api/mail/unsubscribe?token=: which address and which e-mails the link is for. */
export const unsubscribeState = (token: string) =>
  apiGet(`/api/mail/unsubscribe?${tokenQuery(token)}`, unsubscribeStateSchema);

/** POST /api/mail/unsubscribe?token=: the same call a mail client's one-click button makes. */
export const unsubscribe = (token: string) =>
  apiSend('POST', `/api/mail/unsubscribe?${tokenQuery(token)}`).then(() => true);
