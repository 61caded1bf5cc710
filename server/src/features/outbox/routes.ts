import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  outboxMessageSchema,
  outboxPageSchema,
  outboxQuerySchema,
  outboxRowSchema,
  testEmailSchema,
} from '@sp/domain';
import { errorResponses } from '../../errors.js';
import { actorOf, requireAdmin, requireFreshSecondFactor } from '../../plugins/auth.js';
import { outboxMessage, outboxPage, resendMail, sendTestEmail } from './outbox.js';

const params = idParamsSchema('Use the number of an e-mail in the outbox.');

/** The Outbox panel and Settings' test e-mail (D52): the admin role only. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['e-mail'];

  app.get(
    '/api/admin/outbox',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'The outbox, newest first, with the count of each status and whether a mail server is set',
        querystring: outboxQuerySchema,
        response: { 200: outboxPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => outboxPage(ctx, request.query),
  );

  app.get(
    '/api/admin/outbox/:id',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'One e-mail with its text, HTML and headers, for the preview',
        params,
        response: { 200: outboxMessageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => outboxMessage(ctx, request.params.id),
  );

  app.post(
    '/api/admin/outbox/:id/resend',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          'Queue a failed or unsent e-mail again (409 for one already sent, a link, or a notification to an address that no longer receives it); audited',
        params,
        response: { 200: outboxRowSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => resendMail(ctx, actorOf(request), request.params.id),
  );

  app.post(
    '/api/admin/settings/test-email',
    {
      preHandler: [requireAdmin, requireFreshSecondFactor],
      schema: {
        tags,
        summary: 'Queue a test e-mail to an address, to check that the mail server takes the portal’s e-mail',
        body: testEmailSchema,
        response: { 202: outboxRowSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await sendTestEmail(ctx, actorOf(request), request.body.to)),
  );
};
