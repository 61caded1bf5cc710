import {
  passkeyRegisterResponseSchema,
  passkeySchema,
  webauthnOptionsResponseSchema,
  type Passkey,
} from '@sp/domain';
import type { z } from 'zod';
import { apiPost, apiSend } from '../../../api/client';
import { makePasskey } from '../../../api/webauthn';
import type { RemoveFactor } from './totp';

export type PasskeyAdded = z.infer<typeof passkeyRegisterResponseSchema>;

/** Options from the server, a new passkey from the browser, then the server keeps it under `name`. */
export async function addPasskey(name: string): Promise<PasskeyAdded> {
  const { ticket, options } = await apiPost(
    '/api/passkeys/register-options',
    {},
    webauthnOptionsResponseSchema,
  );
  const response = await makePasskey(options);
  return apiPost('/api/passkeys/register', { ticket, name, response }, passkeyRegisterResponseSchema);
}

export const renamePasskey = ({ id, name }: { id: number; name: string }): Promise<Passkey> =>
  apiPost(`/api/passkeys/${id}/rename`, { name }, passkeySchema);

export const removePasskey = ({ id, ...body }: RemoveFactor & { id: number }): Promise<void> =>
  apiSend('POST', `/api/passkeys/${id}/remove`, body);
