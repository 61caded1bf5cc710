import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One log line per request, written when it is answered (method, path, status, time), in place of Fastify's
 * two (one on arrival, one on answer): a registration night logs every field save, and half the lines cost
 * half the logging.
 */
/** A link's token (a password reset, a confirmation, an unsubscribe) is a credential: it is not logged. */
const withoutTokens = (url: string): string => url.replace(/([?&]token=)[^&#]*/g, '$1[hidden]');

export const requestLogPlugin = fp((app: FastifyInstance) => {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        req: { method: request.method, url: withoutTokens(request.url), remoteAddress: request.ip },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
    done();
  });
});
