import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** One year, with subdomains: what helmet sends by default. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers that depend on the request. API answers carry personal data, so no cache (a shared computer's
 * browser, a proxy) may keep them unless a route says otherwise. HSTS is sent only over HTTPS: sent over
 * plain HTTP it is ignored at best, and a portal first tried on http://localhost would be pinned to HTTPS.
 */
export const responseHeadersPlugin = fp((app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    if (json && request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    return payload;
  });
});
