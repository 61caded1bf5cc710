import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportFileName, exportQuerySchema } from '@sp/domain';
import { actorOf, requireAdminRole } from '../../plugins/auth.js';
import { todayAtSchool } from '../../shared/registration-window.js';
import { exportStudents } from './export-students.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The plain name for old clients (no accented class names survive there), the exact one for the rest. */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const studentExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/registration-data-spreadsheet',
    {
      preHandler: requireAdminRole,
      schema: {
        tags: ['admin'],
        summary:
          "Every student's registration data as 'Registration Data - <scope> - <date>.xlsx' (admin role only)",
        querystring: exportQuerySchema,
      },
    },
    async (request, reply) => {
      const stream = await exportStudents(ctx, actorOf(request), request.query);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', disposition(exportFileName(request.query, todayAtSchool(ctx))))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};
