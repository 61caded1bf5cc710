import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@sp/domain';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the request carries its own proof (a signed token in its URL) and may come from anywhere. */
    csrf?: boolean;
  }
}

/**
 * Double-submit CSRF check in the form the spec's client uses (Laravel Sanctum style, D4):
 * `GET /sanctum/csrf-cookie` sets a readable `XSRF-TOKEN` cookie, and every state-changing request must
 * echo it in `X-XSRF-TOKEN`. The token is signed with the server secret, so a cookie planted by another
 * origin that cannot read ours is refused as well, and it is bound to the signed-in session: a token minted
 * for one client does not pass on another's session. A response whose session changed (sign-in, password
 * change, sign-out, timeout) carries a fresh token, which the client reads from the cookie as before.
 */
export const csrfPlugin = fp((app: FastifyInstance, opts: { secret: string }) => {
  /** What the token is bound to: the signed-in session, or nothing before sign-in. */
  const bindingOf = (request: FastifyRequest): string =>
    request.session?.auth ? request.session.sessionId : '';
  const sign = (nonce: string, binding: string) =>
    createHmac('sha256', opts.secret).update(`${nonce}|${binding}`).digest('base64url');
  const isGenuine = (token: string | undefined, binding: string) => {
    const [nonce, mac] = (token ?? '').split('.');
    if (!nonce || !mac) return false;
    const expected = Buffer.from(sign(nonce, binding));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  const issued = new WeakSet<FastifyRequest>();
  /** The binding a request's cookie was found genuine for on arrival, so the answer need not check it again. */
  const verified = new WeakMap<FastifyRequest, string>();
  const issue = (request: FastifyRequest, reply: FastifyReply) => {
    const nonce = randomBytes(24).toString('base64url');
    const token = `${nonce}.${sign(nonce, bindingOf(request))}`;
    reply.setCookie(XSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure: 'auto', httpOnly: false });
    issued.add(request);
  };

  app.get(
    '/sanctum/csrf-cookie',
    { schema: { tags: ['auth'], summary: 'Sets the XSRF-TOKEN cookie that state-changing requests echo' } },
    async (request, reply) => {
      if (!isGenuine(request.cookies[XSRF_COOKIE], bindingOf(request))) issue(request, reply);
      return reply.status(204).send();
    },
  );

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === false) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER];
    const echoed =
      typeof header === 'string' &&
      cookie !== undefined &&
      header.length === cookie.length &&
      timingSafeEqual(Buffer.from(header), Buffer.from(cookie));
    const binding = bindingOf(request);
    const genuine = echoed && isGenuine(cookie, binding);
    if (genuine) verified.set(request, binding);
    // A session that just timed out still vouches for its token, so the answer is "session ended".
    const ok =
      genuine || (echoed && request.endedSessionId !== null && isGenuine(cookie, request.endedSessionId));
    if (!ok) return reply.status(403).send({ message: messages.csrfMissing });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const cookie = request.cookies[XSRF_COOKIE];
    const stale = cookie !== undefined || request.session?.auth !== undefined;
    if (!stale || issued.has(request)) return payload;
    const binding = bindingOf(request);
    // Checked on arrival for this binding (the session did not change since): still genuine.
    if (verified.get(request) !== binding && !isGenuine(cookie, binding)) issue(request, reply);
    return payload;
  });
});
