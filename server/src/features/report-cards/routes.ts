import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reportCardJobIdParams,
  reportCardJobListSchema,
  reportCardJobQuerySchema,
  reportCardJobRequestSchema,
  reportCardJobSchema,
  reportCardParamsSchema,
  reportCardTermListSchema,
  reportCardTermReadsSchema,
  reportCardTermSummaryListSchema,
  studentIdSchema,
  termParamsSchema,
} from '@sp/domain';
import { errorResponses } from '../../errors.js';
import { actorOf, requireStaff, requireOwnStudentOrStaff } from '../../plugins/auth.js';
import { getJob, jobFile, listJobs, startClassJob } from './class-jobs.js';
import { reportCardPdf, reportCardTerms, termReads, termsWithReads } from './report-cards.js';
import { contentDisposition } from '../../shared/download-headers.js';

const errors = errorResponses(400, 401, 403, 404);
const TAGS = ['term reports'];

/** Report cards: the family's list and card (D3), and staff's class downloads and read tracking (D24). */
export const reportCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/report-card-terms/:student_id',
    {
      preHandler: requireOwnStudentOrStaff('params', 'student_id'),
      schema: {
        tags: TAGS,
        summary: "A student's term reports, newest first: year, term, posted, date_posted, form level, class",
        params: z.object({ student_id: studentIdSchema }),
        response: { 200: reportCardTermListSchema, ...errors },
      },
    },
    async (request) => reportCardTerms(ctx, actorOf(request), request.params.student_id),
  );

  app.get(
    '/api/report-card/:student_id/:year/:term',
    {
      preHandler: requireOwnStudentOrStaff('params', 'student_id'),
      schema: {
        tags: TAGS,
        summary:
          'One report card (PDF, Legal paper), shown inline; a student only their own, once the term is posted',
        params: reportCardParamsSchema,
      },
    },
    async (request, reply) => {
      const { student_id, year, term } = request.params;
      const pdf = await reportCardPdf(ctx, actorOf(request), student_id, year, term);
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          contentDisposition(`Report Card ${student_id} ${year} Term ${term}.pdf`, 'inline'),
        )
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/report-card-reads',
    {
      preHandler: requireStaff,
      schema: {
        tags: TAGS,
        summary: 'Every term with report cards, with how many students have opened theirs',
        response: { 200: reportCardTermSummaryListSchema, ...errors },
      },
    },
    async () => termsWithReads(ctx),
  );

  app.get(
    '/api/report-card-reads/:year/:term',
    {
      preHandler: requireStaff,
      schema: {
        tags: TAGS,
        summary: 'Per class of a term: how many have opened their report card, and who has not',
        params: termParamsSchema,
        response: { 200: reportCardTermReadsSchema, ...errors },
      },
    },
    async (request) => termReads(ctx, request.params.year, request.params.term),
  );

  app.post(
    '/api/report-card-jobs',
    {
      preHandler: requireStaff,
      schema: {
        tags: TAGS,
        summary:
          "Start building a class's report cards as one PDF or a ZIP of one PDF per student (200 with the running job when one is already being built)",
        body: reportCardJobRequestSchema,
        response: { 200: reportCardJobSchema, 202: reportCardJobSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { job, started } = await startClassJob(ctx, actorOf(request), request.body);
      // 200: the same class's file is already being built; this is that job.
      return reply.code(started ? 202 : 200).send(job);
    },
  );

  app.get(
    '/api/report-card-jobs',
    {
      preHandler: requireStaff,
      schema: {
        tags: TAGS,
        summary: "A term's recent class downloads with their progress, newest first",
        querystring: reportCardJobQuerySchema,
        response: { 200: reportCardJobListSchema, ...errors },
      },
    },
    async (request) => listJobs(ctx, request.query.year, request.query.term),
  );

  app.get(
    '/api/report-card-jobs/:id',
    {
      preHandler: requireStaff,
      schema: {
        tags: TAGS,
        summary: "A class download's progress",
        params: reportCardJobIdParams,
        response: { 200: reportCardJobSchema, ...errors },
      },
    },
    async (request) => getJob(ctx, request.params.id),
  );

  app.get(
    '/api/report-card-jobs/:id/file',
    {
      preHandler: requireStaff,
      schema: {
        tags: TAGS,
        summary: 'The finished file of a class download (PDF or ZIP)',
        params: reportCardJobIdParams,
      },
    },
    async (request, reply) => {
      const { file, name, kind } = await jobFile(ctx, request.params.id);
      return reply
        .header('Content-Type', kind === 'zip' ? 'application/zip' : 'application/pdf')
        .header('Content-Length', file.length)
        .header('Content-Disposition', contentDisposition(name))
        .header('Cache-Control', 'private, no-store')
        .send(file);
    },
  );
};
