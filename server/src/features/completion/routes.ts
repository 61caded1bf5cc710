import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  completionQuerySchema,
  completionSchema,
  pendingQuerySchema,
  pendingStudentsSchema,
} from '@sp/domain';
import { errorResponses } from '../../errors.js';
import { requireStaff } from '../../plugins/auth.js';
import { completionByClass, pendingStudents } from './completion-queries.js';

const errors = errorResponses(400, 401, 403, 404);

/** The completion dashboard: who has finished what, per class, and who to chase. Staff only. */
export const completionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/completion',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary:
          'Per class: students who finished each step, uploaded each document, agreed to the terms (a closed year with ?year=)',
        querystring: completionQuerySchema,
        response: { 200: completionSchema, ...errors },
      },
    },
    (request) => completionByClass(ctx, request.query.year),
  );
  app.get(
    '/api/completion/pending',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary:
          'The enrolled students (of a class, or all) who have not yet done a step, document or the terms',
        querystring: pendingQuerySchema,
        response: { 200: pendingStudentsSchema, ...errors },
      },
    },
    (request) => pendingStudents(ctx, request.query),
  );
};
