import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordMessage,
  forgotPasswordResponseSchema,
  forgotPasswordSchema,
  parentEmailSchema,
  passwordLinkResponseSchema,
  passwordLinkSchema,
  passwordLinkStateSchema,
  staffForgotPasswordSchema,
} from '@sp/domain';
import { errorResponses } from '../../errors.js';
import { atFloor } from '../../shared/answer-floor.js';
import { forgotParentPassword, forgotStaffPassword, forgotStudentPassword } from './forgot.js';
import { passwordLinkState, usePasswordLink } from './use-link.js';

const errors = errorResponses(400, 429);

/** Forgotten passwords (D52, and a parent's, D50): a single-use link to the account's confirmed addresses, and its use. */
export const passwordLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'A student forgot the password: a reset link to every confirmed address (the same answer always)',
        body: forgotPasswordSchema,
        response: { 200: forgotPasswordResponseSchema, ...errors },
      },
    },
    (request, reply) =>
      atFloor(reply, async () => {
        await forgotStudentPassword(ctx, request, request.body.student_id);
        return { message: forgotPasswordMessage('student') };
      }),
  );

  app.post(
    '/api/admin/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'A staff member forgot the password: a reset link to the confirmed address (the same answer always)',
        body: staffForgotPasswordSchema,
        response: { 200: forgotPasswordResponseSchema, ...errors },
      },
    },
    (request, reply) =>
      atFloor(reply, async () => {
        await forgotStaffPassword(ctx, request, request.body.username);
        return { message: forgotPasswordMessage('account') };
      }),
  );

  app.post(
    '/api/parent/forgot-password',
    {
      schema: {
        tags: ['parents'],
        summary:
          'A parent forgot the password: a reset link to the confirmed address (the same answer always)',
        body: parentEmailSchema,
        response: { 202: forgotPasswordResponseSchema, ...errors },
      },
    },
    (request, reply) =>
      atFloor(reply, async () => {
        await forgotParentPassword(ctx, request, request.body.email);
        void reply.code(202);
        return { message: forgotPasswordMessage('account') };
      }),
  );

  app.get(
    '/api/password-link',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether a password link can still be used (it stays unused)',
        querystring: z.object({ token: passwordLinkSchema.shape.token }),
        response: { 200: passwordLinkStateSchema, ...errors },
      },
    },
    (request) => passwordLinkState(ctx, request.query.token),
  );

  app.post(
    '/api/password-link',
    {
      schema: {
        tags: ['auth'],
        summary: 'A new password through an e-mailed link: ends every session of the account',
        body: passwordLinkSchema,
        response: { 200: passwordLinkResponseSchema, ...errors },
      },
    },
    (request) => usePasswordLink(ctx, request, request.body),
  );
};
