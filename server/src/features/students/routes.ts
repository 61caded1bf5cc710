import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminStudentListSchema,
  errorSchema,
  messages,
  studentIdLookupResponseSchema,
  studentIdLookupSchema,
  studentIdSchema,
  studentRecordLookupResponseSchema,
  userLookupResponseSchema,
} from '@sp/domain';
import { notFound, errorResponses } from '../../errors.js';
import { requireAdmin, requireOwnStudentOrAdmin } from '../../plugins/auth.js';
import { readSettings } from '../../shared/settings.js';
import { findStudentIds, getStudentName, getUserStatus, listStudentsForAdmin } from './queries.js';

const errors = errorResponses(400, 401, 403, 404);

export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/user/:student_id',
    {
      preHandler: requireOwnStudentOrAdmin('params', 'student_id'),
      schema: {
        tags: ['students'],
        summary: 'Password-reset status of a student (own or staff)',
        params: z.object({ student_id: studentIdSchema }),
        response: { 200: userLookupResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await getUserStatus(ctx, request.params.student_id);
      if (!row) throw notFound(messages.notFound);
      return [row];
    },
  );

  app.get(
    '/api/student-record/:id',
    {
      preHandler: requireOwnStudentOrAdmin('params', 'id'),
      schema: {
        tags: ['students'],
        summary: 'Name of a student (own or staff)',
        params: z.object({ id: studentIdSchema }),
        response: { 200: studentRecordLookupResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await getStudentName(ctx, request.params.id);
      if (!row) throw notFound(messages.notFound);
      return [row];
    },
  );

  app.post(
    '/api/student-id-lookup',
    {
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags: ['students'],
        summary: 'Find a student ID by exact name and date of birth (only while the setting is on)',
        body: studentIdLookupSchema,
        response: { 200: studentIdLookupResponseSchema, ...errors, 429: errorSchema },
      },
    },
    async (request) => {
      const { id_lookup_enabled } = await readSettings(ctx.db, ['id_lookup_enabled']);
      if (!id_lookup_enabled) throw notFound(messages.lookupDisabled);
      return findStudentIds(ctx, request.body);
    },
  );

  app.get(
    '/api/students',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'All students for the admin table, newest update first',
        response: { 200: adminStudentListSchema, ...errors },
      },
    },
    () => listStudentsForAdmin(ctx),
  );
};
