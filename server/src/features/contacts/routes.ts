import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmAddressSchema,
  confirmedAddressSchema,
  confirmLinkRequestSchema,
  contactAddressesSchema,
  messages,
  staffAccountSchema,
  staffEmailSchema,
} from '@sp/domain';
import { errorResponses, forbidden } from '../../errors.js';
import { actorOf, requireSignedIn, requireStaff, requireFreshSecondFactor } from '../../plugins/auth.js';
import { confirmAddress, sendStudentConfirmLink, studentContacts } from './contacts.js';
import { ownStaffAccount, setOwnStaffEmail } from './staff-account.js';

const errors = errorResponses(400, 401, 403, 429);

/** The signed-in student (a family's own page); staff have the record's page for this. */
function ownStudent(request: FastifyRequest): string {
  const actor = actorOf(request);
  if (actor.kind !== 'student') throw forbidden(messages.forbidden);
  return actor.id;
}

/** Addresses a family (or a staff member) confirms by an e-mailed link before any other e-mail goes there (D52). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/student/contacts',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['students'],
        summary: "The signed-in student's record addresses, each with whether it is confirmed",
        response: { 200: contactAddressesSchema, ...errors },
      },
    },
    (request) => studentContacts(ctx, ownStudent(request)),
  );

  app.post(
    '/api/student/contacts/confirm-link',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['students'],
        summary: 'E-mail a confirmation link to the address the record holds in one field',
        body: confirmLinkRequestSchema,
        response: { 200: contactAddressesSchema, ...errors },
      },
    },
    (request) => sendStudentConfirmLink(ctx, request, ownStudent(request), request.body.field),
  );

  app.post(
    '/api/mail/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Open a confirmation link: the address becomes confirmed for its owner',
        body: confirmAddressSchema,
        response: { 200: confirmedAddressSchema, ...errors },
      },
    },
    (request) => confirmAddress(ctx, request, request.body.token),
  );

  app.get(
    '/api/admin/account',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['staff'],
        summary: "The signed-in staff member's own account and e-mail address",
        response: { 200: staffAccountSchema, ...errors },
      },
    },
    (request) => ownStaffAccount(ctx, request),
  );

  app.put(
    '/api/admin/account/email',
    {
      // Where a reset's notice and a forgotten password's link go: a stolen session may not move it (D51).
      preHandler: [requireStaff, requireFreshSecondFactor],
      schema: {
        tags: ['staff'],
        summary: 'Set your own e-mail address; a confirmation link is sent to it',
        body: staffEmailSchema,
        response: { 200: staffAccountSchema, ...errors },
      },
    },
    (request) => setOwnStaffEmail(ctx, request, request.body.email),
  );
};
