/*
 * The yearly rollover's routes (D49), admin role only; errors are `{ message, errors? }`.
 *
 * GET  /api/admin/school-years                 → { years: SchoolYear[] } (see school-years.ts), newest first;
 *                                              any staff member (the year selector)
 * GET  /api/admin/rollover/preview             ?class_id (empty: no class) &q (ID or name, prefix, any case)
 *                                              &marked=1 &offset &limit (50, at most 200): domain's
 *                                              rolloverPreviewSchema; counts, leavers and plan_hash are the
 *                                              whole school's, conflicts the first 200 (conflicts_total),
 *                                              students the page of those matching (students_total)
 * PUT  /api/admin/rollover/marks/:studentId    rolloverMarkSchema → { student_id, mark, school }
 * PUT  /api/admin/rollover/class-marks/:classId rolloverMarkSchema → { class_id, students, mark, school }
 * GET  /api/admin/rollover/class-moves         → [{ from, to }]
 * PUT  /api/admin/rollover/class-moves         classMovesSchema → [{ from, to }] (the whole map, replaced)
 * POST /api/admin/rollover/class-list          multipart "file" (CSV/XLSX: student_id, class)
 *                                              → { file_name, students, cleared }; any bad line: 400 with
 *                                              errors [{ field: "line N", message }] and nothing written
 * POST /api/admin/rollover                     rolloverConfirmSchema → RolloverResult (confirm.ts);
 *                                              `already: true` when the year was rolled over before
 * POST /api/admin/rollover/undo                { year: the year the rollover opened (the current one) }
 *                                              → { year: the year current again, undone_year }
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_MAX_BYTES,
  ROLLOVER_MARKS,
  classMoveSchema,
  classMovesSchema,
  importMessages,
  rolloverConfirmSchema,
  rolloverMarkSchema,
  rolloverPlanSchema,
  rolloverPreviewQuerySchema,
  rolloverPreviewSchema,
} from '@sp/domain';
import { errorResponses } from '../../errors.js';
import { actorOf, requireAdmin, requireStaff } from '../../plugins/auth.js';
import { readUpload } from '../../shared/read-upload.js';
import { uploadClassList } from './class-list.js';
import { confirmRollover } from './confirm.js';
import { replaceClassMoves, setClassMark, setStudentMark } from './marks.js';
import { previewRollover, readClassMoves } from './plan-input.js';
import { listSchoolYears, schoolYearsSchema } from './school-years.js';
import { undoRollover } from './undo.js';

const tags = ['rollover'];
const errors = errorResponses(400, 401, 403, 404, 409);
const uploadErrors = errorResponses(400, 401, 403, 409, 413, 415);
const markAnswer = z.object({ mark: z.enum(ROLLOVER_MARKS).nullable(), school: z.string().nullable() });
const classMovesAnswer = z.array(classMoveSchema);
const countsSchema = z.object({
  students: z.number().int(),
  continuing: z.number().int(),
  repeating: z.number().int(),
  leavers: rolloverPlanSchema.shape.leavers,
  archived_documents: z.number().int(),
  removed_checks: z.number().int(),
  closed_windows: z.number().int(),
});
export const rolloverResultSchema = countsSchema.extend({
  already: z.boolean(),
  from_year: z.number().int(),
  to_year: z.number().int(),
});
export const rolloverUndoSchema = z.strictObject({
  year: z
    .number({ error: 'Name the school year the rollover opened.' })
    .int('Name the school year the rollover opened.')
    .min(2000, 'Name the school year the rollover opened.')
    .max(2999, 'Name the school year the rollover opened.'),
});
const studentParams = z.object({ studentId: z.string().min(1).max(20) });
const classParams = z.object({ classId: z.string().min(1).max(10) });
const classListAnswer = z.object({
  file_name: z.string(),
  students: z.number().int(),
  cleared: z.number().int(),
});

export const rolloverRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  /** An admin-only route's options: its summary, its 200 answer and, for a write, its params and body. */
  const admin = <R extends z.ZodType, S extends object = object>(summary: string, answer: R, more?: S) => ({
    preHandler: requireAdmin,
    schema: { tags, summary, ...(more as S), response: { 200: answer, ...errors } },
  });

  // Any staff member reads the years: every staff view has the year selector (D49).
  app.get(
    '/api/admin/school-years',
    {
      ...admin('Every school year with its dates, state and counts', schoolYearsSchema),
      preHandler: requireStaff,
    },
    () => listSchoolYears(ctx),
  );
  app.get(
    '/api/admin/rollover/preview',
    admin(
      "The rollover's plan for the current year, its students a page at a time; writes nothing",
      rolloverPreviewSchema,
      { querystring: rolloverPreviewQuerySchema },
    ),
    (request) => previewRollover(ctx, request.query),
  );
  app.put(
    '/api/admin/rollover/marks/:studentId',
    admin(
      "A student's mark for the rollover: repeating, leaving, transferring (with the school), sixth form or none",
      markAnswer.extend({ student_id: z.string() }),
      { params: studentParams, body: rolloverMarkSchema },
    ),
    (request) => setStudentMark(ctx, actorOf(request), request.params.studentId, request.body),
  );
  app.put(
    '/api/admin/rollover/class-marks/:classId',
    admin(
      'The same mark for every student of a class this year',
      markAnswer.extend({ class_id: z.string(), students: z.number().int() }),
      { params: classParams, body: rolloverMarkSchema },
    ),
    (request) => setClassMark(ctx, actorOf(request), request.params.classId, request.body),
  );
  app.get(
    '/api/admin/rollover/class-moves',
    admin("The school's old → new class map", classMovesAnswer),
    () => readClassMoves(ctx.db),
  );
  app.put(
    '/api/admin/rollover/class-moves',
    admin('Replace the old → new class map', classMovesAnswer, { body: classMovesSchema }),
    (request) => replaceClassMoves(ctx, actorOf(request), request.body),
  );
  app.post(
    '/api/admin/rollover/class-list',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          "Next year's class per student from a CSV or XLSX file (student_id, class); all lines or none",
        response: { 200: classListAnswer, ...uploadErrors },
      },
    },
    async (request) => {
      const upload = await readUpload(request, {
        maxBytes: IMPORT_MAX_BYTES,
        tooLargeMessage: importMessages.tooLarge,
      });
      return uploadClassList(ctx, actorOf(request), upload);
    },
  );
  app.post(
    '/api/admin/rollover',
    admin(
      'Close the current year and open the next, as previewed (the plan hash), in one transaction',
      rolloverResultSchema,
      { body: rolloverConfirmSchema },
    ),
    (request) => confirmRollover(ctx, actorOf(request), request.body),
  );
  app.post(
    '/api/admin/rollover/undo',
    admin(
      'Undo the rollover that opened the current year: the same day, while nothing was saved in it',
      z.object({ year: z.number().int(), undone_year: z.number().int() }),
      { body: rolloverUndoSchema },
    ),
    (request) => undoRollover(ctx, actorOf(request), request.body.year),
  );
};
