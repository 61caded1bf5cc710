import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentTypeSchema,
  errorSchema,
  messageSchema,
  messages,
  storedFileListSchema,
  studentDataFilesSchema,
  studentDataFilesUpdateSchema,
  studentIdSchema,
} from '@sp/domain';
import { writeAudit } from '../../audit/audit.js';
import { notFound } from '../../errors.js';
import { requireAdmin, requireOwnStudentOrAdmin } from '../../plugins/auth.js';
import {
  findStudentFile,
  listStudentFiles,
  markDocumentsReceived,
  requireStudentExists,
  studentDataFiles,
} from './document-files.js';
import { registrationFormPdf } from './registration-form.js';
import { storeDocument } from './store-document.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/store-file',
    {
      schema: {
        tags: ['documents'],
        summary: 'Upload a document (multipart: file, id, file_type); PDF, JPEG or PNG, picture JPEG or PNG',
        consumes: ['multipart/form-data'],
        response: { 200: messageSchema, ...errors, 413: errorSchema, 415: errorSchema },
      },
    },
    (request) => storeDocument(ctx, request),
  );

  app.get(
    '/api/get-files/:student_id',
    {
      schema: {
        tags: ['documents'],
        summary: "A student's uploaded documents with the address to view each",
        params: z.object({ student_id: studentIdSchema }),
        response: { 200: storedFileListSchema, ...errors },
      },
    },
    async (request) => {
      requireOwnStudentOrAdmin(request, request.params.student_id);
      await requireStudentExists(ctx, request.params.student_id);
      return listStudentFiles(ctx, request.params.student_id);
    },
  );

  app.get(
    '/api/files/:student_id/:type',
    {
      schema: {
        tags: ['documents'],
        summary: 'One uploaded document, shown inline',
        params: z.object({ student_id: studentIdSchema, type: documentTypeSchema }),
      },
    },
    async (request, reply) => {
      const { student_id, type } = request.params;
      requireOwnStudentOrAdmin(request, student_id);
      const file = await findStudentFile(ctx, student_id, type);
      if (!file) throw notFound(messages.notFound);
      const { stream, size } = await ctx.files.read(file.storage_key);
      const ascii = file.original_name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .header('Content-Type', file.mime_type)
        .header('Content-Length', size)
        .header(
          'Content-Disposition',
          `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.original_name)}`,
        )
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
        schema: {
          tags: ['documents'],
          summary: 'The printable registration form (PDF, Legal paper), shown inline',
          params: z.object({ id: studentIdSchema }),
        },
      },
      async (request, reply) => {
        requireOwnStudentOrAdmin(request, request.params.id);
        const pdf = await registrationFormPdf(ctx, request.params.id);
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `inline; filename="Registration Form ${request.params.id}.pdf"`)
          .header('Cache-Control', 'private, no-store')
          .send(pdf);
      },
    );
  }

  app.get(
    '/api/student-data-files/:student_id',
    {
      schema: {
        tags: ['documents'],
        summary: 'Which documents the school holds for a student (1/0 per type)',
        params: z.object({ student_id: studentIdSchema }),
        response: { 200: studentDataFilesSchema, ...errors },
      },
    },
    async (request) => {
      requireOwnStudentOrAdmin(request, request.params.student_id);
      await requireStudentExists(ctx, request.params.student_id);
      return studentDataFiles(ctx, request.params.student_id);
    },
  );

  app.post(
    '/api/student-data-files',
    {
      schema: {
        tags: ['documents', 'admin'],
        summary: 'Staff mark the paper originals they have seen',
        body: studentDataFilesUpdateSchema,
        response: { 200: studentDataFilesSchema, ...errors },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const { student_id, ...marks } = request.body;
      await requireStudentExists(ctx, student_id);
      await markDocumentsReceived(ctx, student_id, marks, admin.username);
      await writeAudit(ctx.db, {
        action: 'document_check',
        actorKind: 'admin',
        actorId: admin.username,
        studentId: student_id,
        detail: { received: marks },
        ip: request.ip,
        at: ctx.clock(),
      });
      return studentDataFiles(ctx, student_id);
    },
  );
};
