import { webauthnOptionsResponseSchema, type SecondFactorCode } from '@sp/domain';
import { apiPost, apiSend } from '../../../api/client';
import { answerWithPasskey } from '../../../api/webauthn';

/** POST /api/second-factor/verify: confirms it's you with a code or a recovery code (asking again, D51). */
export const verifyCode = (body: SecondFactorCode): Promise<void> =>
  apiSend('POST', '/api/second-factor/verify', body);

/** The same with a passkey: options, the browser's answer, the server's check. */
export async function verifyWithPasskey(): Promise<void> {
  const { ticket, options } = await apiPost(
    '/api/passkeys/verify-options',
    {},
    webauthnOptionsResponseSchema,
  );
  const response = await answerWithPasskey(options);
  await apiSend('POST', '/api/passkeys/verify', { ticket, response });
}
