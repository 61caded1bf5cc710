import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** One year, with subdomains: what helmet sends by default. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers that depend on the request. API answers carry personal data, so no cache (a shared computer's
 * browser, a proxy) may keep them unless a route says otherwise. HSTS is sent only over HTTPS: sent over
 * plain HTTP it is ignored at best, and a portal first tried on http://localhost would be pinned to HTTPS.
 */
export const responseHeadersPlugin = fp((app: FastifyInstance) => {
  // helmet's headers, built once: @fastify/helmet built the whole middleware (its policy parsed again) on
  // every request, ~4 % of a field save's CPU (ADR 0023).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Sent below, over HTTPS only.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    if (json && request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    return payload;
  });
});
