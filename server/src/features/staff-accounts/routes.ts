import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createStaffUserSchema,
  oneTimePasswordSchema,
  staffSignInListSchema,
  staffUserIdParamsSchema,
  staffUserListSchema,
  staffUserSchema,
  updateStaffUserSchema,
} from '@sp/domain';
import { errorResponses } from '../../errors.js';
import { actorOf, requireAdmin, requireFreshSecondFactor } from '../../plugins/auth.js';
import { resetSecondFactor, type StaffActor } from './second-factor-reset.js';
import {
  addStaffUser,
  listStaffUsers,
  resetStaffPassword,
  staffSignInHistory,
  updateStaffUser,
} from './staff-accounts.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Staff accounts (D6, D22): the `admin` role only. */
export const staffAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['staff accounts'];

  app.get(
    '/api/staff-users',
    {
      preHandler: requireAdmin,
      schema: { tags, summary: 'Every staff account', response: { 200: staffUserListSchema, ...errors } },
    },
    () => listStaffUsers(ctx),
  );

  app.post(
    '/api/staff-users',
    {
      preHandler: [requireAdmin, requireFreshSecondFactor],
      schema: {
        tags,
        summary: 'Add a staff account; its one-time password is in the answer, and only there',
        body: createStaffUserSchema,
        response: { 201: oneTimePasswordSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addStaffUser(ctx, actorOf(request), request.body)),
  );

  app.post(
    '/api/staff-users/:id',
    {
      preHandler: [requireAdmin, requireFreshSecondFactor],
      schema: {
        tags,
        summary: 'Change the name or role of a staff account, or deactivate or reactivate it',
        params: staffUserIdParamsSchema,
        body: updateStaffUserSchema,
        response: { 200: staffUserSchema, ...errors },
      },
    },
    (request) => updateStaffUser(ctx, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/staff-users/:id/reset-password',
    {
      preHandler: [requireAdmin, requireFreshSecondFactor],
      schema: {
        tags,
        summary: 'A new one-time password for a staff account (its sessions end)',
        params: staffUserIdParamsSchema,
        response: { 200: oneTimePasswordSchema, ...errors },
      },
    },
    (request) => resetStaffPassword(ctx, actorOf(request), request.params.id),
  );

  app.post(
    '/api/staff-users/:id/second-factor/reset',
    {
      preHandler: [requireAdmin, requireFreshSecondFactor],
      schema: {
        tags,
        summary:
          "Remove another staff member's second factor (app, passkeys, recovery codes); their sessions end and they are e-mailed",
        params: staffUserIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await resetSecondFactor(ctx, actorOf(request) as StaffActor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/staff-users/:id/sign-ins',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'The newest sign-ins and failed attempts of a staff account',
        params: staffUserIdParamsSchema,
        response: { 200: staffSignInListSchema, ...errors },
      },
    },
    (request) => staffSignInHistory(ctx, request.params.id),
  );
};
