import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  classIdSchema,
  idParam,
  linkedParentSchema,
  parentActiveSchema,
  studentIdSchema,
  studentParentsSchema,
} from '@sp/domain';
import { errorResponses } from '../../errors.js';
import { actorOf, requireStaff } from '../../plugins/auth.js';
import { contentDisposition } from '../../shared/download-headers.js';
import { familyLettersPdf } from './family-letters.js';
import {
  familyStaffMessages,
  issueFamilyCode,
  setParentActive,
  studentParents,
  unlinkParent,
} from './family-staff.js';

const errors = errorResponses(400, 401, 403, 404);
const parentId = idParam(familyStaffMessages.noParent);
const liveCodeSchema = studentParentsSchema.shape.family_code.unwrap();
const accountSchema = linkedParentSchema.omit({ linked_at: true, how: true });

/** Staff see and manage the parent accounts of a student (D50) and print a class's family letters. */
export const familyStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/students/:id/parents',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary: "A student's linked parent accounts and live family code (made when missing)",
        params: z.object({ id: studentIdSchema }),
        response: { 200: studentParentsSchema, ...errors },
      },
    },
    async (request) => studentParents(ctx, actorOf(request), request.params.id),
  );

  app.post(
    '/api/students/:id/family-code',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary:
          'Issue a new family code for a student: the old one stops working (409 with four parents linked)',
        params: z.object({ id: studentIdSchema }),
        response: { 200: liveCodeSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request) => issueFamilyCode(ctx, actorOf(request), request.params.id),
  );

  app.delete(
    '/api/students/:id/parents/:parent_id',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary: "Unlink a parent account from a student: the parent's next request for the child is refused",
        params: z.object({ id: studentIdSchema, parent_id: parentId }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await unlinkParent(ctx, actorOf(request), request.params.id, request.params.parent_id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/parents/:parent_id/active',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary: 'Turn a parent account off (its sessions end, sign-in refused) or on again',
        params: z.object({ parent_id: parentId }),
        body: parentActiveSchema,
        response: { 200: accountSchema, ...errors },
      },
    },
    async (request) => setParentActive(ctx, actorOf(request), request.params.parent_id, request.body.active),
  );

  app.get(
    '/api/classes/:class_id/family-letters',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary:
          "A class's family letters (PDF, Letter paper): a page per enrolled student with the family code",
        params: z.object({ class_id: classIdSchema }),
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await familyLettersPdf(ctx, actorOf(request), request.params.class_id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(fileName, 'inline'))
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
};
