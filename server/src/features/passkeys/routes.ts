import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminLoginResponseSchema,
  idParamsSchema,
  passkeyAnswerSchema,
  passkeyRegisterResponseSchema,
  passkeyRegisterSchema,
  passkeyRenameSchema,
  passkeySchema,
  removeFactorSchema,
  webauthnOptionsResponseSchema,
} from '@sp/domain';
import { errorResponses } from '../../errors.js';
import { actorOf, requireFreshSecondFactor, requireStaffAccount } from '../../plugins/auth.js';
import { removePasskey, renamePasskey } from './manage.js';
import type { StaffActor } from './passkeys.js';
import { registerPasskey, registrationOptions } from './registration.js';
import { signInOptions, signInWithPasskey } from './sign-in.js';
import { verifyOptions, verifyWithPasskey } from './verify.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const params = idParamsSchema('Use the number of a passkey.');
/** A POST the page may send with `{}` or with no body at all. */
const emptyBody = z.strictObject({}).nullish();

/** The staff actor of an own-second-factor route (its guard is requireStaffAccount). */
const staffActor = (request: Parameters<typeof actorOf>[0]) => actorOf(request) as StaffActor;

/**
 * Passkeys (WebAuthn) of staff accounts (D51): added, renamed and removed by their owner, given again when a
 * sensitive action asks, and enough on their own to sign in (ADR 0044).
 */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['passkeys'];

  app.post(
    '/api/passkeys/register-options',
    {
      preHandler: [requireStaffAccount, requireFreshSecondFactor],
      schema: {
        tags,
        summary: 'Options for adding a passkey to the own account, with the ticket to send back',
        body: emptyBody,
        response: { 200: webauthnOptionsResponseSchema, ...errors },
      },
    },
    (request) => registrationOptions(ctx, request, staffActor(request)),
  );

  app.post(
    '/api/passkeys/register',
    {
      preHandler: requireStaffAccount,
      schema: {
        tags,
        summary: 'Add the passkey the browser made; the first second factor comes with recovery codes',
        body: passkeyRegisterSchema,
        response: { 200: passkeyRegisterResponseSchema, ...errors },
      },
    },
    (request) => registerPasskey(ctx, request, staffActor(request), request.body),
  );

  app.post(
    '/api/passkeys/:id/rename',
    {
      preHandler: [requireStaffAccount, requireFreshSecondFactor],
      schema: {
        tags,
        summary: 'Rename one of the own passkeys',
        params,
        body: passkeyRenameSchema,
        response: { 200: passkeySchema, ...errors },
      },
    },
    (request) => renamePasskey(ctx, staffActor(request), request.params.id, request.body.name),
  );

  app.post(
    '/api/passkeys/:id/remove',
    {
      preHandler: [requireStaffAccount, requireFreshSecondFactor],
      schema: {
        tags,
        summary:
          'Remove one of the own passkeys (the only administrator’s last factor needs a recovery code)',
        params,
        body: removeFactorSchema.nullish(),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removePasskey(ctx, request, staffActor(request), request.params.id, request.body ?? {});
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/passkeys/verify-options',
    {
      preHandler: requireStaffAccount,
      schema: {
        tags,
        summary: 'Options for giving one of the own passkeys again, when a sensitive action asks for it',
        body: emptyBody,
        response: { 200: webauthnOptionsResponseSchema, ...errors },
      },
    },
    (request) => verifyOptions(ctx, request, staffActor(request)),
  );

  app.post(
    '/api/passkeys/verify',
    {
      preHandler: requireStaffAccount,
      schema: {
        tags,
        summary: 'Give one of the own passkeys again: sensitive actions need no asking for 12 hours',
        body: passkeyAnswerSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await verifyWithPasskey(ctx, request, staffActor(request), request.body);
      return reply.status(204).send(null);
    },
  );

  // Signing in: open to anyone. The options are limited per address, since each one is a row kept for minutes.
  app.post(
    '/api/passkeys/sign-in-options',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Options for signing in with a passkey alone (the browser offers the passkeys it holds)',
        body: emptyBody,
        response: { 200: webauthnOptionsResponseSchema, ...errors },
      },
    },
    (request) => signInOptions(ctx, request),
  );

  app.post(
    '/api/passkeys/sign-in',
    {
      schema: {
        tags,
        summary: 'Sign a member of staff in with a passkey alone; answers as the password sign-in does',
        body: passkeyAnswerSchema,
        response: { 200: adminLoginResponseSchema, ...errors },
      },
    },
    (request) => signInWithPasskey(ctx, request, request.body),
  );
};
