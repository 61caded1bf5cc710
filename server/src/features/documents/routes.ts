import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentCheckListSchema,
  documentCheckSchema,
  documentTypeSchema,
  errorSchema,
  messageSchema,
  registrationFormQuerySchema,
  storedFileListSchema,
  studentDataFilesSchema,
  studentDataFilesUpdateSchema,
  studentIdSchema,
} from '@sp/domain';
import { errorResponses } from '../../errors.js';
import { actorOf, requireStaff, requireOwnStudentOrStaff, requireSignedIn } from '../../plugins/auth.js';
import { checkDocument, markDocumentsReceived, studentDataFiles } from './document-files.js';
import { studentDocumentChecks, studentFile, studentFiles } from './student-documents.js';
import { registrationFormPdf } from './registration-form.js';
import { contentDisposition } from '../../shared/download-headers.js';
import { readUpload } from '../../shared/read-upload.js';
import { storeDocument } from './store-document.js';

const errors = errorResponses(400, 401, 403, 404);

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/store-file',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['documents'],
        summary: 'Upload a document (multipart: file, id, file_type); PDF, JPEG or PNG, picture JPEG or PNG',
        consumes: ['multipart/form-data'],
        response: { 200: messageSchema, ...errors, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request) => storeDocument(ctx, actorOf(request), await readUpload(request)),
  );

  app.get(
    '/api/get-files/:student_id',
    {
      preHandler: requireOwnStudentOrStaff('params', 'student_id'),
      schema: {
        tags: ['documents'],
        summary: "A student's uploaded documents with the address to view each",
        params: z.object({ student_id: studentIdSchema }),
        response: { 200: storedFileListSchema, ...errors },
      },
    },
    async (request) => studentFiles(ctx, actorOf(request), request.params.student_id),
  );

  app.get(
    '/api/files/:student_id/:type',
    {
      preHandler: requireOwnStudentOrStaff('params', 'student_id'),
      schema: {
        tags: ['documents'],
        summary: 'One uploaded document, shown inline',
        params: z.object({ student_id: studentIdSchema, type: documentTypeSchema }),
      },
    },
    async (request, reply) => {
      const { student_id, type } = request.params;
      const file = await studentFile(ctx, actorOf(request), student_id, type);
      const { stream, size } = await ctx.files.read(file.storage_key);
      return reply
        .header('Content-Type', file.mime_type)
        .header('Content-Length', size)
        .header('Content-Disposition', contentDisposition(file.original_name, 'inline'))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    },
  );

  // The spec's Complete step also opens the form at /registration-form/{student_id}.
  for (const url of ['/api/registration-form/:id', '/registration-form/:id']) {
    app.get(
      url,
      {
        preHandler: requireOwnStudentOrStaff('params', 'id'),
        schema: {
          tags: ['documents'],
          summary:
            'The printable registration form (PDF, Legal paper), shown inline; ?year= a closed year as it was',
          params: z.object({ id: studentIdSchema }),
          querystring: registrationFormQuerySchema,
        },
      },
      async (request, reply) => {
        const pdf = await registrationFormPdf(ctx, actorOf(request), request.params.id, request.query.year);
        return reply
          .header('Content-Type', 'application/pdf')
          .header(
            'Content-Disposition',
            contentDisposition(`Registration Form ${request.params.id}.pdf`, 'inline'),
          )
          .header('Cache-Control', 'private, no-store')
          .send(pdf);
      },
    );
  }

  app.get(
    '/api/student-data-files/:student_id',
    {
      preHandler: requireOwnStudentOrStaff('params', 'student_id'),
      schema: {
        tags: ['documents'],
        summary: 'Which documents the school holds for a student (1/0 per type)',
        params: z.object({ student_id: studentIdSchema }),
        response: { 200: studentDataFilesSchema, ...errors },
      },
    },
    async (request) => {
      // studentDataFiles answers 404 for an unknown student itself.
      return studentDataFiles(ctx, actorOf(request), request.params.student_id);
    },
  );

  app.post(
    '/api/student-data-files',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['documents', 'staff'],
        summary: 'Staff mark the paper originals they have seen',
        body: studentDataFilesUpdateSchema,
        response: { 200: studentDataFilesSchema, ...errors },
      },
    },
    async (request) => {
      const { student_id, ...marks } = request.body;
      await markDocumentsReceived(ctx, actorOf(request), student_id, marks);
      return studentDataFiles(ctx, actorOf(request), student_id);
    },
  );

  app.get(
    '/api/document-checks/:student_id',
    {
      preHandler: requireOwnStudentOrStaff('params', 'student_id'),
      schema: {
        tags: ['documents'],
        summary: "Each document's file and staff check; a rejection carries its reason (own or staff, D23)",
        params: z.object({ student_id: studentIdSchema }),
        response: { 200: documentCheckListSchema, ...errors },
      },
    },
    (request) => studentDocumentChecks(ctx, actorOf(request), request.params.student_id),
  );

  app.post(
    '/api/document-checks',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['documents', 'staff'],
        summary: 'Staff mark a document received, verified or rejected with a reason (D23)',
        body: documentCheckSchema,
        response: { 200: documentCheckListSchema, ...errors },
      },
    },
    (request) => checkDocument(ctx, actorOf(request), request.body),
  );
};
