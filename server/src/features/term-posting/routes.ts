import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  postTermRequestSchema,
  postingCheckSchema,
  postingTermListSchema,
  postingTermSchema,
  releaseRequestSchema,
  termIdParamsSchema,
} from '@sp/domain';
import { errorResponses } from '../../errors.js';
import { actorOf, requireAdmin } from '../../plugins/auth.js';
import { startReleaseTimer } from '../../shared/term-release.js';
import { postingCheck } from './posting-check.js';
import { listPostedTerms, postTermReports, scheduleRelease } from './posting.js';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['term reports', 'staff'];

/**
 * Spec section 7's posting routes, the scheduled release (D24) and the check before posting. Posting is the
 * admin role's (D44): the staff role gets 403 on every route here.
 */
export const termPostingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  let stop: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stop = startReleaseTimer(ctx);
  });
  app.addHook('onClose', async () => stop?.());

  app.get(
    '/api/term-reports-posted',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Every term: year, term, posted, date_posted (and a scheduled release, also in school time)',
        response: { 200: postingTermListSchema, ...errors },
      },
    },
    () => listPostedTerms(ctx),
  );

  app.post(
    '/api/post-term-reports',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          'Post (posted 1) or remove (posted 0) a term’s reports; students with no entered mark are left out unless include_classes names their class or include_all is true',
        body: postTermRequestSchema,
        response: { 200: postingTermSchema, ...errors },
      },
    },
    (request) => postTermReports(ctx, actorOf(request), request.body),
  );

  app.post(
    '/api/terms/:id/release',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          'Post the term by itself at a time (school time "yyyy-MM-dd HH:mm" or ISO), or cancel (null)',
        params: termIdParamsSchema,
        body: releaseRequestSchema,
        response: { 200: postingTermSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => scheduleRelease(ctx, actorOf(request), request.params.id, request.body.release_at),
  );

  app.get(
    '/api/terms/:id/missing-results',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          'Per class, students with no entered mark (no rows, or only blank rows); students missing a subject or summary',
        params: termIdParamsSchema,
        response: { 200: postingCheckSchema, ...errors },
      },
    },
    (request) => postingCheck(ctx, request.params.id),
  );
};
