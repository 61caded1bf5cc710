import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  parentAccountSchema,
  parentChangePasswordSchema,
  parentEmailSchema,
  parentLoginSchema,
  parentMessages,
  parentSignUpSchema,
} from '@sp/domain';
import { errorResponses } from '../../errors.js';
import { requireParent } from '../../plugins/auth.js';
import { atFloor } from '../../shared/answer-floor.js';
import { changeParentPassword } from './change-password.js';
import { signInParent } from './parent-login.js';
import { resendParentConfirmation, signUpParent } from './sign-up.js';

const errors = errorResponses(400, 401, 403, 429);
/** The one answer of sign-up and resend (and forgot, beside the other forgotten passwords), whatever the address (D50, D52). */
const sameForAnyone = { 202: z.object({ message: z.string() }), ...errorResponses(400, 429) };

/** The 202 answer, no sooner than the floor, whatever the work found. */
function alike(reply: FastifyReply, message: string, work: () => Promise<void>) {
  return atFloor(reply, async () => {
    await work();
    void reply.code(202);
    return { message };
  });
}

/** A parent's own account (D50): sign-up, confirmation, sign-in and the password. */
export const parentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/parent/login',
    {
      schema: {
        tags: ['parents'],
        summary: 'Sign a parent in with their e-mail address and password',
        body: parentLoginSchema,
        response: { 200: parentAccountSchema, ...errors },
      },
    },
    (request) => signInParent(ctx, request, request.body),
  );

  app.post(
    '/api/parent/sign-up',
    {
      schema: {
        tags: ['parents'],
        summary: 'Create a parent account: a confirmation link is e-mailed (the same answer for any address)',
        body: parentSignUpSchema,
        response: sameForAnyone,
      },
    },
    (request, reply) =>
      alike(reply, parentMessages.signUpSent, () => signUpParent(ctx, request, request.body)),
  );

  app.post(
    '/api/parent/resend-confirmation',
    {
      schema: {
        tags: ['parents'],
        summary: 'E-mail a new confirmation link to an unconfirmed parent account (the same answer always)',
        body: parentEmailSchema,
        response: sameForAnyone,
      },
    },
    (request, reply) =>
      alike(reply, parentMessages.confirmationResent, () =>
        resendParentConfirmation(ctx, request, request.body.email),
      ),
  );

  app.post(
    '/api/parent/change-password',
    {
      preHandler: requireParent,
      schema: {
        tags: ['parents'],
        summary: "A parent changes their own password; the account's other sessions end",
        body: parentChangePasswordSchema,
        response: { 200: parentAccountSchema, ...errors },
      },
    },
    (request) => changeParentPassword(ctx, request, request.body),
  );
};
