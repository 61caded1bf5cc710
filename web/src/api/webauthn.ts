import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';

/**
 * Passkeys (D51) for the screens: the library, the browser's errors and their messages come in a chunk of
 * their own (webauthn-ceremony.ts) at the first use, so the sign-in page paints without them (ADR 0035).
 */
const ceremony = () => import('./webauthn-ceremony');

/** This browser can use passkeys at all. */
export const browserHasPasskeys = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Asks the browser for a passkey answering the server's options (signing in, or confirming it's you). */
export const answerWithPasskey = async (
  options: Record<string, unknown>,
): Promise<AuthenticationResponseJSON> => (await ceremony()).answerWithPasskey(options);

/** Asks the browser to make a new passkey for the server's registration options. */
export const makePasskey = async (options: Record<string, unknown>): Promise<RegistrationResponseJSON> =>
  (await ceremony()).makePasskey(options);
