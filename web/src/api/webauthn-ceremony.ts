import { secondFactorMessages } from '@sp/domain';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

/**
 * The browser's side of passkeys (D51) through @simplewebauthn/browser. A chunk of its own, loaded through
 * webauthn.ts when a passkey is first used: the sign-in page paints without it (ADR 0035). Whatever the
 * browser throws becomes a message to show.
 */
const load = () => import('@simplewebauthn/browser');

export const passkeyMessages = {
  cancelled: 'No passkey was used: the request was cancelled or timed out. Try again when you are ready.',
  unsupported: 'This browser cannot use passkeys. Use your authenticator app, or another browser.',
  alreadyRegistered: 'This passkey is already registered to your account.',
} as const;

function messageOf(error: unknown, fallback: string): Error {
  // A DOMException is not an Error everywhere: read its name and the library's code as plain fields.
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return new Error(passkeyMessages.alreadyRegistered);
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return new Error(passkeyMessages.cancelled);
  if (name === 'NotSupportedError') return new Error(passkeyMessages.unsupported);
  return new Error(fallback);
}

/** Runs one of the library's ceremonies, whatever the browser throws turned into a message to show. */
async function ceremony<T>(run: (library: Awaited<ReturnType<typeof load>>) => Promise<T>): Promise<T> {
  if (typeof window.PublicKeyCredential !== 'function') throw new Error(passkeyMessages.unsupported);
  const library = await load();
  try {
    return await run(library);
  } catch (error) {
    throw messageOf(error, secondFactorMessages.passkeyFailed);
  }
}

/** Asks the browser for a passkey answering the server's options (signing in, or confirming it's you). */
export const answerWithPasskey = (options: Record<string, unknown>): Promise<AuthenticationResponseJSON> =>
  ceremony((library) =>
    library.startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }),
  );

/** Asks the browser to make a new passkey for the server's registration options. */
export const makePasskey = (options: Record<string, unknown>): Promise<RegistrationResponseJSON> =>
  ceremony((library) =>
    library.startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }),
  );
