import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  missingResultsSchema,
  postTermReportsSchema,
  postedTermListSchema,
  postedTermSchema,
  scheduleReleaseSchema,
  termIdParamsSchema,
} from '@sp/domain';
import { errorResponses } from '../../errors.js';
import { actorOf, requireAdmin } from '../../plugins/auth.js';
import { startReleaseTimer } from '../../shared/term-release.js';
import { listPostedTerms, missingResults, postTermReports, scheduleRelease } from './posting.js';

const errors = errorResponses(400, 401, 403, 404);

/** Spec section 7's posting routes, the scheduled release (D24) and the check before posting. */
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
        tags: ['term reports', 'admin'],
        summary: 'Every term: year, term, posted, date_posted (and a scheduled release)',
        response: { 200: postedTermListSchema, ...errors },
      },
    },
    () => listPostedTerms(ctx),
  );

  app.post(
    '/api/post-term-reports',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['term reports', 'admin'],
        summary: 'Post (posted 1) or remove (posted 0) a term’s reports; date_posted is set by the server',
        body: postTermReportsSchema,
        response: { 200: postedTermSchema, ...errors },
      },
    },
    (request) => postTermReports(ctx, actorOf(request), request.body),
  );

  app.post(
    '/api/terms/:id/release',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['term reports', 'admin'],
        summary: 'Post the term by itself at a date and time (release_at), or cancel that (null)',
        params: termIdParamsSchema,
        body: scheduleReleaseSchema,
        response: { 200: postedTermSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => scheduleRelease(ctx, actorOf(request), request.params.id, request.body.release_at),
  );

  app.get(
    '/api/terms/:id/missing-results',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['term reports', 'admin'],
        summary: 'Students with a subject of their form without a result, or without a summary, this term',
        params: termIdParamsSchema,
        response: { 200: missingResultsSchema, ...errors },
      },
    },
    (request) => missingResults(ctx, request.params.id),
  );
};
