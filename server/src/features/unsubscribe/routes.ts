import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unsubscribeSchema, unsubscribeStateSchema } from '@sp/domain';
import { errorResponses } from '../../errors.js';
import { unsubscribe, unsubscribeState } from './unsubscribe.js';

/** A one-click POST carries `List-Unsubscribe=One-Click` and nothing else worth reading. */
const FORM_LIMIT = 1024;

/**
 * Unsubscribe links (D52), open to anyone: the signed token in the URL is the proof, so there is no session
 * and no CSRF check. A mail client's own button (RFC 8058) posts a small form without cookies; its body is
 * read up to a small limit and ignored.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const schema = {
    tags: ['mail'],
    querystring: unsubscribeSchema,
    response: { 200: unsubscribeStateSchema, ...errorResponses(400) },
  };

  // Only in this plugin: the rest of the API takes JSON (and multipart uploads).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, _body, done) => done(null, {}),
  );

  app.get(
    '/api/mail/unsubscribe',
    {
      schema: {
        ...schema,
        summary: 'What an unsubscribe link would stop: the address and the kind of e-mail',
      },
    },
    (request) => unsubscribeState(ctx, request.query.token),
  );

  // The page's own address takes the one-click POST too: the List-Unsubscribe header names the page, so a
  // mail client without one-click support opens the page rather than this API's JSON (a GET there is the
  // web app's).
  for (const url of ['/api/mail/unsubscribe', '/unsubscribe'])
    app.post(
      url,
      {
        bodyLimit: FORM_LIMIT,
        config: { csrf: false },
        schema: {
          ...schema,
          summary: 'Stops one kind of e-mail to one address (one click; no session, no CSRF)',
        },
      },
      (request) => unsubscribe(ctx, request.query.token),
    );
};
