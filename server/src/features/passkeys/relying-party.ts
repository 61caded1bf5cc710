import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../errors.js';
import { schoolIdentity } from '../../shared/settings.js';

/** Who the passkeys belong to, as the browser sees it (WebAuthn's relying party). */
export interface RelyingParty {
  /** The host name a passkey is bound to (no scheme, no port). */
  id: string;
  /** The page's origin the browser must report, e.g. https://portal.example.edu.tt. */
  origin: string;
}

/**
 * The relying party from PUBLIC_URL, the address families and staff use; without it, the address the request
 * came to (a portal on one machine or behind a proxy that forwards the host). A passkey is bound to its host:
 * changing PUBLIC_URL's host later leaves the passkeys made before unusable (ADR 0044).
 */
export function relyingParty(ctx: AppContext, request: FastifyRequest): RelyingParty {
  // The URL parser drops a default port (:443, :80), as the browser does in the origin it reports.
  const url = URL.parse(ctx.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`);
  // A Host header no browser would send (spaces, a port out of range): no passkey can answer for it.
  if (!url) throw badRequest('The address this request was sent to is not valid.');
  return { id: url.hostname, origin: url.origin };
}

/** The name an authenticator shows beside the passkey: the school's. */
export const relyingPartyName = async (ctx: AppContext): Promise<string> =>
  (await schoolIdentity(ctx.db, ctx.config.SCHOOL_NAME)).name;

/**
 * What the library checks an answer against: the ticket's challenge, this site, and a user verified by the
 * authenticator (a PIN or a fingerprint), which makes the passkey two factors in one.
 */
export const expectedAnswer = (ctx: AppContext, request: FastifyRequest, challenge: string) => {
  const rp = relyingParty(ctx, request);
  return {
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  };
};

/** The library's verdict, or undefined when it refused an answer by throwing (logged, answered as a 400). */
export const verdict = <T>(request: FastifyRequest, check: Promise<T>): Promise<T | undefined> =>
  check.catch((err: unknown) => {
    request.log.info({ err }, 'passkey answer refused');
    return undefined;
  });
