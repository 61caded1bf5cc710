import {
  recoveryCodesResponseSchema,
  totpStartResponseSchema,
  type RecoveryCodes,
  type TotpStart,
} from '@sp/domain';
import { apiPost, apiSend } from '../../../api/client';

/** POST /api/second-factor/totp/start: a new secret (replacing one not confirmed), as a QR code and as text. */
export const startTotp = (): Promise<TotpStart> =>
  apiPost('/api/second-factor/totp/start', {}, totpStartResponseSchema);

/** POST /api/second-factor/totp/confirm: the app's first code; recovery codes when the account had none. */
export const confirmTotp = (code: string): Promise<RecoveryCodes> =>
  apiPost('/api/second-factor/totp/confirm', { code }, recoveryCodesResponseSchema);

/** What removing a factor may need: the only administrator's recovery code for their last one. */
export interface RemoveFactor {
  recovery_code?: string;
}

/** POST /api/second-factor/totp/remove. */
export const removeTotp = (body: RemoveFactor): Promise<void> =>
  apiSend('POST', '/api/second-factor/totp/remove', body);

/** POST /api/second-factor/recovery-codes: a new set of ten; the old ones stop working. */
export const renewRecoveryCodes = (): Promise<RecoveryCodes> =>
  apiPost('/api/second-factor/recovery-codes', {}, recoveryCodesResponseSchema);
