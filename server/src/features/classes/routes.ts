import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { classCreateSchema, classIdSchema, formClassSchema } from '@sp/domain';
import { errorResponses } from '../../errors.js';
import { actorOf, requireAdmin } from '../../plugins/auth.js';
import { addClass, removeClass } from './classes.js';

/** The school's class list, which GET /api/form-classes reads; the admin role adds and removes classes. */
export const classRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/api/admin/classes',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['lookups'],
        summary: 'Add a class: letters or digits, upper-cased, and its form level 1–7 (admin role only)',
        body: classCreateSchema,
        response: { 201: formClassSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await addClass(ctx, actorOf(request), request.body)),
  );
  app.delete(
    '/api/admin/classes/:classId',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['lookups'],
        summary:
          'Remove a class no student, enrolment, class move, staff account or term result uses (admin role only)',
        params: z.object({ classId: classIdSchema }),
        response: { 200: formClassSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => removeClass(ctx, actorOf(request), request.params.classId),
  );
};
