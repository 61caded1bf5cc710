import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminStudentListSchema,
  resetPasswordStudentResponseSchema,
  resetPasswordStudentSchema,
  studentListQuerySchema,
  withdrawalResultSchema,
  withdrawStudentSchema,
  enrolStudentSchema,
  enrolResultSchema,
  errorSchema,
  messages,
  studentIdLookupResponseSchema,
  studentIdLookupSchema,
  studentIdSchema,
  studentRecordLookupResponseSchema,
  userLookupResponseSchema,
} from '@sp/domain';
import { notFound, errorResponses } from '../../errors.js';
import { actorOf, requireStaff, requireOwnStudentOrStaff } from '../../plugins/auth.js';
import { readSettings } from '../../shared/settings.js';
import { resetStudentPassword, setStudentWithdrawn } from './student-account.js';
import { reenrolStudent } from './reenrol.js';
import { findStudentIds, getStudentName, getUserStatus, listStudentsForStaff } from './queries.js';

const errors = errorResponses(400, 401, 403, 404);

export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/user/:student_id',
    {
      preHandler: requireOwnStudentOrStaff('params', 'student_id'),
      schema: {
        tags: ['students'],
        summary: 'Password-reset status of a student (own or staff)',
        params: z.object({ student_id: studentIdSchema }),
        response: { 200: userLookupResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await getUserStatus(ctx, actorOf(request), request.params.student_id);
      if (!row) throw notFound(messages.notFound);
      return [row];
    },
  );

  app.get(
    '/api/student-record/:id',
    {
      preHandler: requireOwnStudentOrStaff('params', 'id'),
      schema: {
        tags: ['students'],
        summary: 'Name of a student (own or staff)',
        params: z.object({ id: studentIdSchema }),
        response: { 200: studentRecordLookupResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await getStudentName(ctx, actorOf(request), request.params.id);
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
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary:
          "Students for the staff's Students table, newest update first (withdrawn ones on request); optional search (q), class (class_id, empty for no class), the completion dashboard's 'not done' filter (pending), page (limit, offset) and sort; the total in X-Total-Count",
        querystring: studentListQuerySchema,
        response: { 200: adminStudentListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { include_withdrawn, ...search } = request.query;
      const { rows, total } = await listStudentsForStaff(ctx, {
        includeWithdrawn: include_withdrawn === '1',
        ...search,
      });
      void reply.header('X-Total-Count', String(total));
      return rows;
    },
  );

  app.post(
    '/api/reset-password-student',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary: "Reset a student's password: the next sign-in is by date of birth; their sessions end",
        body: resetPasswordStudentSchema,
        response: { 200: resetPasswordStudentResponseSchema, ...errors },
      },
    },
    async (request) => {
      const student = await resetStudentPassword(ctx, actorOf(request), request.body.student_id);
      return {
        message: `${student.first_name} ${student.last_name} password reset successfully.`,
        ...student,
      };
    },
  );

  app.post(
    '/api/students/:id/withdraw',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Withdraw a student who left: sign-in refused, everything kept (D29)',
        params: z.object({ id: studentIdSchema }),
        body: withdrawStudentSchema,
        response: { 200: withdrawalResultSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => ({
      message: 'The student is withdrawn.',
      ...(await setStudentWithdrawn(ctx, actorOf(request), request.params.id, request.body)),
    }),
  );

  app.post(
    '/api/students/:id/enrol',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary:
          'Enrol a student with no enrolment this school year (a leaver who returns, or withdrawn and not carried on) in a class; 409 when enrolled already (D49)',
        params: z.object({ id: studentIdSchema }),
        body: enrolStudentSchema,
        response: { 200: enrolResultSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => reenrolStudent(ctx, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/students/:id/reinstate',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Reinstate a withdrawn student',
        params: z.object({ id: studentIdSchema }),
        response: { 200: withdrawalResultSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => ({
      message: 'The student is reinstated.',
      ...(await setStudentWithdrawn(ctx, actorOf(request), request.params.id, null)),
    }),
  );
};
