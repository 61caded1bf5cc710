import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportFileName, exportQuerySchema } from '@sp/domain';
import { actorOf, requireAdmin, requireFreshSecondFactor } from '../../plugins/auth.js';
import { todayAtSchool } from '../../shared/registration-window.js';
import { exportStudents } from './export-students.js';
import { contentDisposition } from '../../shared/download-headers.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const studentExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/registration-data-spreadsheet',
    {
      preHandler: [requireAdmin, requireFreshSecondFactor],
      schema: {
        tags: ['staff'],
        summary:
          "Every student's registration data as 'Registration Data - <scope> - <date>.xlsx' (admin role only)",
        querystring: exportQuerySchema,
      },
    },
    async (request, reply) => {
      const stream = await exportStudents(ctx, actorOf(request), request.query);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition(exportFileName(request.query, todayAtSchool(ctx))))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};
