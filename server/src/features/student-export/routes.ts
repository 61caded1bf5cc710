import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXPORT_FILE_NAME, exportQuerySchema } from '@sp/domain';
import { actorOf, requireAdminRole } from '../../plugins/auth.js';
import { exportStudents } from './export-students.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const disposition = `attachment; filename="${EXPORT_FILE_NAME}"; filename*=UTF-8''${encodeURIComponent(EXPORT_FILE_NAME)}`;

export const studentExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/registration-data-spreadsheet',
    {
      preHandler: requireAdminRole,
      schema: {
        tags: ['admin'],
        summary: `Every student's registration data as ${EXPORT_FILE_NAME} (admin role only)`,
        querystring: exportQuerySchema,
      },
    },
    async (request, reply) => {
      const stream = await exportStudents(ctx, actorOf(request), request.query);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', disposition)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};
