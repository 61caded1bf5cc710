import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  registrationStatusSchema,
  saveResultSchema,
  studentIdSchema,
  studentRecordSchema,
  studentUpdateSchema,
  unchangedResultSchema,
  unchangedStepSchema,
  wholeNumberParam,
} from '@sp/domain';
import { fromZodError, errorResponses } from '../../errors.js';
import { actorOf, requireOwnStudentOrStaff, requireSignedIn } from '../../plugins/auth.js';
import { registrationStatus, todayAtSchool } from '../../shared/registration-window.js';
import { saveStudentFields } from './save-student-fields.js';
import { readStudentRecord } from '../../shared/student-record.js';
import { studentYear } from '../../shared/student-year.js';
import { confirmStepUnchanged } from './confirm-unchanged.js';
import { refuseLeaver } from '../../shared/school-years.js';

// "Today" moves (dates may not be in the future), so the schema is rebuilt when the school's date changes.
let cached: { today: string; schema: ReturnType<typeof studentUpdateSchema> } | undefined;
function updateSchemaFor(today: string) {
  if (cached?.today !== today) cached = { today, schema: studentUpdateSchema(today) };
  return cached.schema;
}

const errors = errorResponses(400, 401, 403, 404);

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/student/:id',
    {
      preHandler: requireOwnStudentOrStaff('params', 'id'),
      schema: {
        tags: ['registration'],
        summary: 'The whole registration record with step progress (own or staff)',
        params: z.object({ id: studentIdSchema }),
        response: { 200: studentRecordSchema, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      // A leaver's registration pages say so and link to the report cards; staff still read the record.
      if (actor.kind === 'student') refuseLeaver(await studentYear(ctx.db, request.params.id));
      return readStudentRecord(ctx, actor, request.params.id);
    },
  );

  app.post(
    '/api/registration/steps/:step/unchanged',
    {
      preHandler: requireOwnStudentOrStaff('body', 'student_id'),
      schema: {
        tags: ['registration'],
        summary: "A returning student's step confirmed as last year's answers stand (own or staff)",
        params: z.object({ step: unchangedStepSchema }),
        body: z.strictObject({ student_id: studentIdSchema }),
        response: { 200: unchangedResultSchema, ...errors },
      },
    },
    async (request) =>
      confirmStepUnchanged(ctx, actorOf(request), request.body.student_id, request.params.step),
  );

  app.post(
    '/api/student',
    {
      preHandler: requireOwnStudentOrStaff('body', 'id'),
      schema: {
        tags: ['registration'],
        summary: 'Save the fields sent (a partial record with id); other fields are left alone',
        body: z.looseObject({ id: studentIdSchema }),
        response: { 200: saveResultSchema, ...errors },
      },
    },
    async (request) => {
      const parsed = updateSchemaFor(todayAtSchool(ctx)).safeParse(request.body);
      if (!parsed.success) throw fromZodError(parsed.error);
      return saveStudentFields(ctx, actorOf(request), parsed.data);
    },
  );

  app.get(
    '/api/student-registration/:form_level',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['registration'],
        summary: 'Whether registration is open for a form level, and its deadline',
        params: z.object({ form_level: wholeNumberParam('Choose a form level from 1 to 7.', 1, 7) }),
        response: { 200: registrationStatusSchema, ...errors },
      },
    },
    async (request) => {
      return registrationStatus(ctx, request.params.form_level);
    },
  );
};
