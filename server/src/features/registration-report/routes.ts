import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REGISTRATION_REPORT_FILE_NAME, registrationReportQuerySchema } from '@sp/domain';
import { requireStaff } from '../../plugins/auth.js';
import { registrationReportPdf } from './registration-report.js';
import { contentDisposition } from '../../shared/download-headers.js';

/** The registration report (spec section 7, D9): a PDF for staff, of the school, a form level or a class. */
export const registrationReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/registration-report/all',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary:
          'The registration report (PDF, Legal paper): per class and student the steps, documents and terms, with totals',
        querystring: registrationReportQuerySchema,
      },
    },
    async (request, reply) => {
      const pdf = await registrationReportPdf(ctx, request.query);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(REGISTRATION_REPORT_FILE_NAME, 'inline'))
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
};
