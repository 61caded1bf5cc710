import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_MAX_BYTES,
  classGridSchema,
  classQuerySchema,
  formSubjectInputSchema,
  formSubjectRemoveSchema,
  importMessages,
  markInputSchema,
  markResultSchema,
  resultImportSchema,
  resultClassesSchema,
  resultPreviewQuerySchema,
  resultPreviewSchema,
  subjectInputSchema,
  subjectListSchema,
  templateQuerySchema,
  termIdParamsSchema,
  termInputSchema,
  termListSchema,
  termSchema,
} from '@sp/domain';
import { errorResponses } from '../../errors.js';
import { actorOf, requireStaff, requireAdmin } from '../../plugins/auth.js';
import { readUpload } from '../../shared/read-upload.js';
import { classGrid, resultClasses, saveMark } from './grid.js';
import { importResults, previewResults } from './import-results.js';
import {
  resultsTemplateCsv,
  summariesTemplateCsv,
  templateChoice,
  templateFileName,
  termTemplateXlsx,
} from './template.js';
import {
  createTerm,
  listSubjects,
  listTerms,
  removeFormSubject,
  saveFormSubject,
  saveSubject,
  updateTerm,
  findTerm,
} from './terms.js';
import { contentDisposition } from '../../shared/download-headers.js';

const errors = errorResponses(400, 401, 403, 404);
const uploadErrors = errorResponses(400, 401, 403, 404, 413, 415);
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const tags = ['term reports', 'staff'];

const readTermUpload = async (request: Parameters<typeof readUpload>[0]) =>
  (await readUpload(request, { maxBytes: IMPORT_MAX_BYTES, tooLargeMessage: importMessages.tooLarge })).file;

/** D17: terms, the subjects each form takes, a term's results from a spreadsheet, and the marks grid. */
export const termResultsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/terms',
    {
      preHandler: requireStaff,
      schema: { tags, summary: 'Every term, newest first', response: { 200: termListSchema, ...errors } },
    },
    () => listTerms(ctx),
  );

  app.post(
    '/api/terms',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Create a term (year, term 1–3, dates, possible sessions, next term’s start)',
        body: termInputSchema,
        response: { 201: termSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createTerm(ctx, actorOf(request), request.body)),
  );

  app.post(
    '/api/terms/:id',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Change a term',
        params: termIdParamsSchema,
        body: termInputSchema,
        response: { 200: termSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => updateTerm(ctx, actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/subjects',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Subjects and the forms (and terms) that take them, with weights',
        response: { 200: subjectListSchema, ...errors },
      },
    },
    () => listSubjects(ctx),
  );

  app.post(
    '/api/subjects',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Add a subject or rename the one with this code',
        body: subjectInputSchema,
        response: { 200: subjectListSchema, ...errors },
      },
    },
    (request) => saveSubject(ctx, actorOf(request), request.body),
  );

  app.post(
    '/api/form-subjects',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Offer a subject to a form (every term, or one) with its course/exam weights',
        body: formSubjectInputSchema,
        response: { 200: subjectListSchema, ...errors },
      },
    },
    (request) => saveFormSubject(ctx, actorOf(request), request.body),
  );

  app.post(
    '/api/form-subjects/remove',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Stop offering a subject to a form',
        body: formSubjectRemoveSchema,
        response: { 200: subjectListSchema, ...errors },
      },
    },
    (request) => removeFormSubject(ctx, actorOf(request), request.body.id),
  );

  const templates = [
    {
      url: '/api/terms/:id/results-template.xlsx',
      summary:
        'The term’s results file (Results and Summaries sheets) for a class (class_id) or the school, filled in with what is stored',
      type: XLSX_TYPE,
      name: '.xlsx',
      make: termTemplateXlsx,
    },
    {
      url: '/api/terms/:id/results-template.csv',
      summary: 'The term’s results as CSV, one row per student and subject, filled in with what is stored',
      type: 'text/csv; charset=utf-8',
      name: '.csv',
      make: resultsTemplateCsv,
    },
    {
      url: '/api/terms/:id/summaries-template.csv',
      summary: 'The term’s summaries as CSV, one row per student, filled in with what is stored',
      type: 'text/csv; charset=utf-8',
      name: ' Summaries.csv',
      make: summariesTemplateCsv,
    },
  ];
  for (const template of templates) {
    app.get(
      template.url,
      {
        preHandler: requireStaff,
        schema: {
          tags,
          summary: template.summary,
          params: termIdParamsSchema,
          querystring: templateQuerySchema,
        },
      },
      async (request, reply) => {
        const term = await findTerm(ctx, request.params.id);
        const choice = await templateChoice(ctx, actorOf(request), request.query.class_id);
        const name = templateFileName(term, choice, template.name);
        // Filled in with stored marks: a cached copy would hand back yesterday's marks to import again.
        return reply
          .header('Content-Type', template.type)
          .header('Cache-Control', 'no-store')
          .header('Content-Disposition', contentDisposition(name))
          .send(await template.make(ctx, term, choice));
      },
    );
  }

  app.post(
    '/api/terms/:id/results/preview',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary:
          'Each row of a results file (multipart "file") as new, changed, unchanged or error; nothing is written',
        params: termIdParamsSchema,
        querystring: resultPreviewQuerySchema,
        response: { 200: resultPreviewSchema, ...uploadErrors },
      },
    },
    async (request) =>
      previewResults(
        ctx,
        actorOf(request),
        request.params.id,
        await readTermUpload(request),
        request.query.page,
      ),
  );

  app.post(
    '/api/terms/:id/results',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Import the same file: its valid rows are written (upsert) in one transaction',
        params: termIdParamsSchema,
        response: { 200: resultImportSchema, ...uploadErrors },
      },
    },
    async (request) => importResults(ctx, actorOf(request), request.params.id, await readTermUpload(request)),
  );

  app.get(
    '/api/term-results/classes',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Every class, the staff member’s own first, and whether they enter marks for those only',
        response: { 200: resultClassesSchema, ...errors },
      },
    },
    (request) => resultClasses(ctx, actorOf(request)),
  );

  app.get(
    '/api/terms/:id/grid',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'One class’s marks this term, by student and subject',
        params: termIdParamsSchema,
        querystring: classQuerySchema,
        response: { 200: classGridSchema, ...errors },
      },
    },
    (request) => classGrid(ctx, request.params.id, request.query.class_id),
  );

  app.post(
    '/api/terms/:id/marks',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary:
          'Correct a course and/or exam mark: a number, "ABS", null to clear, or left out to keep; total and grade are computed again',
        params: termIdParamsSchema,
        body: markInputSchema,
        response: { 200: markResultSchema, ...errors },
      },
    },
    (request) => saveMark(ctx, actorOf(request), request.params.id, request.body),
  );
};
