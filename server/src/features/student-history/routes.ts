import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { studentHistoryQuerySchema, studentHistorySchema, studentIdSchema } from '@sp/domain';
import { errorResponses } from '../../errors.js';
import { actorOf, requireStaff } from '../../plugins/auth.js';
import { studentHistory } from './student-history.js';

export const studentHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/students/:id/history',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary: "A student's history: every audited change and event, newest first (staff)",
        params: z.object({ id: studentIdSchema }),
        querystring: studentHistoryQuerySchema,
        response: { 200: studentHistorySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => studentHistory(ctx, actorOf(request), request.params.id, request.query),
  );
};
