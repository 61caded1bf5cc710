import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  inviteParentSchema,
  inviteStateSchema,
  inviteTokenSchema,
  linkChildSchema,
  messages,
  ownParentsSchema,
  parentChildrenSchema,
  parentChildSchema,
} from '@sp/domain';
import { errorResponses, forbidden } from '../../errors.js';
import { actorOf, requireParent, requireSignedIn, type Actor } from '../../plugins/auth.js';
import { acceptInvite, inviteState, sendInvite } from './invite.js';
import { linkByCode, linkedChildren } from './link-child.js';
import { ownParents } from './own-parents.js';

const errors = errorResponses(400, 401, 403, 409, 429);

/** The parent account on its own business (requireParent sets that actor). */
function parentOf(request: FastifyRequest): Extract<Actor, { kind: 'parent' }> {
  const actor = actorOf(request);
  if (actor.kind !== 'parent') throw forbidden(messages.forbidden);
  return actor;
}

/** The student, or a parent acting for them: the family's own pages. */
function studentOf(request: FastifyRequest): Actor & { kind: 'student' } {
  const actor = actorOf(request);
  if (actor.kind !== 'student') throw forbidden(messages.forbidden);
  return actor;
}

/** Linking children to a parent account (D50): by family code or by an invitation from the family's page. */
export const parentLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/parent/children',
    {
      preHandler: requireParent,
      schema: {
        tags: ['parents'],
        summary: "The signed-in parent's linked children",
        response: { 200: parentChildrenSchema, ...errors },
      },
    },
    (request) => linkedChildren(ctx, parentOf(request).parentId),
  );

  app.post(
    '/api/parent/children',
    {
      preHandler: requireParent,
      schema: {
        tags: ['parents'],
        summary: "Link a child with its student ID and the family code from the school's letter",
        body: linkChildSchema,
        response: { 200: parentChildSchema, ...errors },
      },
    },
    (request) => linkByCode(ctx, parentOf(request), request.body),
  );

  app.post(
    '/api/student/parents/invite',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['students'],
        summary: 'E-mail an invitation to the parent portal to a confirmed parent address of the record',
        body: inviteParentSchema,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    (request) => {
      const actor = studentOf(request);
      return sendInvite(ctx, actor, actor.id, request.body.field);
    },
  );

  app.get(
    '/api/parent/invite',
    {
      schema: {
        tags: ['parents'],
        summary: 'Whether an invitation link can still be used, and the first name of the child it links',
        querystring: inviteTokenSchema,
        response: { 200: inviteStateSchema, ...errors },
      },
    },
    (request) => inviteState(ctx, request.query.token),
  );

  app.post(
    '/api/parent/invite/accept',
    {
      preHandler: requireParent,
      schema: {
        tags: ['parents'],
        summary: 'Link the child an invitation names to the signed-in parent',
        body: inviteTokenSchema,
        response: { 200: parentChildSchema, ...errors },
      },
    },
    (request) => acceptInvite(ctx, parentOf(request), request.body.token),
  );

  app.get(
    '/api/student/parents',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['students'],
        summary: "The names of the parent accounts linked to the signed-in student (or the parent's child)",
        response: { 200: ownParentsSchema, ...errors },
      },
    },
    (request) => ownParents(ctx, studentOf(request).id),
  );
};
