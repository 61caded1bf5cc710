import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_MAX_BYTES,
  IMPORT_TEMPLATE_NAME,
  addStudentResultSchema,
  importHistorySchema,
  importMessages,
  importPreviewQuerySchema,
  importPreviewSchema,
  importResultSchema,
} from '@sp/domain';
import { errorResponses } from '../../errors.js';
import { actorOf, requireStaff } from '../../plugins/auth.js';
import { readUpload } from '../../shared/read-upload.js';
import { addStudent } from './add-student.js';
import { importHistory, importStudents, previewImport } from './import-students.js';
import { importTemplateCsv, importTemplateXlsx } from './template.js';
import { contentDisposition } from '../../shared/download-headers.js';

const errors = errorResponses(400, 401, 403);
const uploadErrors = errorResponses(400, 401, 403, 409, 413, 415);
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const readImportFile = async (request: Parameters<typeof readUpload>[0]) =>
  (await readUpload(request, { maxBytes: IMPORT_MAX_BYTES, tooLargeMessage: importMessages.tooLarge })).file;

export const studentImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/students/import-template.csv',
    {
      preHandler: requireStaff,
      schema: { tags: ['staff'], summary: 'The import file template (CSV, header row)' },
    },
    (_request, reply) =>
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', contentDisposition(`${IMPORT_TEMPLATE_NAME}.csv`))
        .send(importTemplateCsv()),
  );

  app.get(
    '/api/students/import-template.xlsx',
    {
      preHandler: requireStaff,
      schema: { tags: ['staff'], summary: 'The import file template (XLSX, header row)' },
    },
    async (_request, reply) =>
      reply
        .header('Content-Type', XLSX_TYPE)
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', contentDisposition(`${IMPORT_TEMPLATE_NAME}.xlsx`))
        .send(await importTemplateXlsx()),
  );

  app.post(
    '/api/students/import/preview',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary:
          'Each row of a CSV or XLSX file (multipart "file") as new, changed, unchanged or error, a page at a time',
        querystring: importPreviewQuerySchema,
        response: { 200: importPreviewSchema, ...uploadErrors },
      },
    },
    async (request) => previewImport(ctx, await readImportFile(request), request.query),
  );

  app.post(
    '/api/students/import',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Import the same file: its valid rows are written in one transaction',
        response: { 200: importResultSchema, ...uploadErrors },
      },
    },
    async (request) => importStudents(ctx, actorOf(request), await readImportFile(request)),
  );

  app.get(
    '/api/students/imports',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'The import history, newest first',
        response: { 200: importHistorySchema, ...errors },
      },
    },
    () => importHistory(ctx),
  );

  app.post(
    '/api/students',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Add one student; the first sign-in is by date of birth',
        body: z.looseObject({}),
        response: { 201: addStudentResultSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await addStudent(ctx, actorOf(request), request.body)),
  );
};
