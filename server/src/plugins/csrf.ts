import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@sp/domain';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit CSRF check in the form the spec's client uses (Laravel Sanctum style, D4):
 * `GET /sanctum/csrf-cookie` sets a readable `XSRF-TOKEN` cookie, and every state-changing request must
 * echo it in `X-XSRF-TOKEN`. The token is signed with the server secret, so a cookie planted by another
 * origin that cannot read ours is refused as well.
 */
export const csrfPlugin = fp((app: FastifyInstance, opts: { secret: string }) => {
  const sign = (nonce: string) => createHmac('sha256', opts.secret).update(nonce).digest('base64url');
  const issue = () => {
    const nonce = randomBytes(24).toString('base64url');
    return `${nonce}.${sign(nonce)}`;
  };
  const isGenuine = (token: string) => {
    const [nonce, mac] = token.split('.');
    if (!nonce || !mac) return false;
    const expected = Buffer.from(sign(nonce));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  app.get(
    '/sanctum/csrf-cookie',
    { schema: { tags: ['auth'], summary: 'Sets the XSRF-TOKEN cookie that state-changing requests echo' } },
    async (request, reply) => {
      const current = request.cookies[XSRF_COOKIE];
      const token = current && isGenuine(current) ? current : issue();
      reply.setCookie(XSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure: 'auto', httpOnly: false });
      return reply.status(204).send();
    },
  );

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER];
    const ok =
      typeof header === 'string' &&
      cookie !== undefined &&
      header.length === cookie.length &&
      timingSafeEqual(Buffer.from(header), Buffer.from(cookie)) &&
      isGenuine(cookie);
    if (!ok) return reply.status(403).send({ message: messages.csrfMissing });
  });
});
