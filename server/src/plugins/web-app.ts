import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@sp/domain';

const defaultRoot = fileURLToPath(new URL('../../../web/dist', import.meta.url));
const API_PREFIXES = ['/api/', '/sanctum/', '/registration-form/'];

/**
 * Serves the built web app; any other GET that is not an API call gets index.html (history-mode routes).
 * Unknown API paths answer 404 with a message.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { root?: string }) => {
  const root = opts.root ?? defaultRoot;
  const hasWebApp = existsSync(root);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build leaves a .br and a .gz beside each text file; the one the browser accepts is sent (the
      // sign-in page's JavaScript is a fifth of its size in brotli).
      preCompressed: true,
      setHeaders(res, path) {
        // Built assets carry a content hash in their name: cache them for a year.
        if (path.includes('/assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => path.startsWith(p));
    if (hasWebApp && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: `${messages.notFound} (${request.method} ${path})` });
  });
});
