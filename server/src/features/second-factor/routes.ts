import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminLoginResponseSchema,
  recoveryCodesResponseSchema,
  removeFactorSchema,
  secondFactorCodeSchema,
  secondFactorStatusSchema,
  totpConfirmSchema,
  totpStartResponseSchema,
} from '@sp/domain';
import { errorResponses } from '../../errors.js';
import { requireFreshSecondFactor, requireStaffAccount } from '../../plugins/auth.js';
import { confirmTotp, removeTotp, renewRecoveryCodes, startTotp } from './manage-totp.js';
import { staffActor } from './own-factor.js';
import { signInSecondStep } from './sign-in-step.js';
import { secondFactorStatus } from './status.js';
import { verifyAgain } from './verify.js';

const errors = errorResponses(400, 401, 403, 409, 429);
/** A POST the page may send with `{}` or with no body at all. */
const emptyBody = z.strictObject({}).nullish();
const own = requireStaffAccount;
const ownFresh = [requireStaffAccount, requireFreshSecondFactor];

/**
 * D51: the second step of a staff sign-in, and a staff member's own authenticator app and recovery codes
 * (ADR 0043). A session sent to set up a second factor reaches these; one waiting for its code does not.
 */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['second factor'];

  app.post(
    '/api/admin-login/second-factor',
    {
      schema: {
        tags: ['auth'],
        summary: 'Staff sign-in, second step: a code from the authenticator app, or a recovery code',
        body: secondFactorCodeSchema,
        response: { 200: adminLoginResponseSchema, ...errors },
      },
    },
    (request) => signInSecondStep(ctx, request, request.body),
  );

  app.get(
    '/api/second-factor',
    {
      preHandler: own,
      schema: {
        tags,
        summary: 'The own second factor: authenticator app, passkeys, recovery codes left, the school rule',
        response: { 200: secondFactorStatusSchema, ...errors },
      },
    },
    (request) => secondFactorStatus(ctx, request, staffActor(request)),
  );

  app.post(
    '/api/second-factor/totp/start',
    {
      preHandler: ownFresh,
      schema: {
        tags,
        summary: 'A new authenticator app secret, as a QR code and as text (replaces one not yet confirmed)',
        body: emptyBody,
        response: { 200: totpStartResponseSchema, ...errors },
      },
    },
    (request) => startTotp(ctx, staffActor(request)),
  );

  app.post(
    '/api/second-factor/totp/confirm',
    {
      preHandler: own,
      schema: {
        tags,
        summary:
          'Confirm the authenticator app with its first code; recovery codes come with the first factor',
        body: totpConfirmSchema,
        response: { 200: recoveryCodesResponseSchema, ...errors },
      },
    },
    (request) => confirmTotp(ctx, request, staffActor(request), request.body.code),
  );

  app.post(
    '/api/second-factor/totp/remove',
    {
      preHandler: ownFresh,
      schema: {
        tags,
        summary: 'Remove the authenticator app (the only administrator’s last factor needs a recovery code)',
        body: removeFactorSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeTotp(ctx, request, staffActor(request), request.body.recovery_code);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/second-factor/recovery-codes',
    {
      preHandler: ownFresh,
      schema: {
        tags,
        summary: 'A new set of recovery codes, shown once; the old ones stop working',
        body: emptyBody,
        response: { 200: recoveryCodesResponseSchema, ...errors },
      },
    },
    (request) => renewRecoveryCodes(ctx, staffActor(request)),
  );

  app.post(
    '/api/second-factor/verify',
    {
      preHandler: own,
      schema: {
        tags,
        summary: 'Give the second factor again (a code or a recovery code) before a sensitive action',
        body: secondFactorCodeSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await verifyAgain(ctx, request, staffActor(request), request.body);
      return reply.status(204).send(null);
    },
  );
};
