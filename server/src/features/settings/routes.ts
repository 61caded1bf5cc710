import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOGO_MAX_BYTES,
  appSettingsSchema,
  registrationWindowUpdateSchema,
  schoolSettingsSchema,
  schoolSettingsUpdateSchema,
  settingsMessages,
} from '@sp/domain';
import { errorResponses, notFound } from '../../errors.js';
import { actorOf, requireAdmin, requireFreshSecondFactor } from '../../plugins/auth.js';
import { readUpload } from '../../shared/read-upload.js';
import { currentTerms, logoUrl, readSettings, reportSettingsTo } from '../../shared/settings.js';
import {
  readLogo,
  readSchoolSettings,
  removeLogo,
  storeLogo,
  updateRegistrationWindow,
  updateSchoolSettings,
} from './school-settings.js';

const errors = errorResponses(400, 401, 403, 409);
const uploadErrors = errorResponses(400, 401, 403, 413, 415);

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  reportSettingsTo(ctx.log);
  app.get(
    '/api/settings/public',
    {
      schema: {
        tags: ['settings'],
        summary:
          'School name, motto, logo, feature switches, terms text, upload limit and time zone: what the pages need before sign-in',
        response: { 200: appSettingsSchema },
      },
    },
    async () => {
      const [s, terms] = await Promise.all([
        readSettings(ctx.db, [
          'school_name',
          'school_motto',
          'school_logo',
          'id_lookup_enabled',
          'learning_challenges_enabled',
        ]),
        currentTerms(ctx.db),
      ]);
      return {
        school_name: s.school_name ?? ctx.config.SCHOOL_NAME,
        school_motto: s.school_motto,
        logo_url: logoUrl(s.school_logo),
        id_lookup_enabled: s.id_lookup_enabled,
        learning_challenges_enabled: s.learning_challenges_enabled,
        terms_and_conditions: terms.text,
        terms_and_conditions_es: terms.text_es,
        upload_max_mb: ctx.config.UPLOAD_MAX_MB,
        time_zone: ctx.config.SCHOOL_TIMEZONE,
      };
    },
  );

  app.get(
    '/api/settings/logo',
    {
      schema: {
        tags: ['settings'],
        summary: "The school's logo (PNG or JPEG); 404 while the drawn crest is used",
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const logo = await readLogo(ctx);
      if (!logo) throw notFound(settingsMessages.noLogo);
      const etag = `"${logo.version}"`;
      // The versioned address never changes its picture; the bare address is checked each time.
      reply
        .header('ETag', etag)
        .header('X-Content-Type-Options', 'nosniff')
        .header(
          'Cache-Control',
          request.query.v === logo.version ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.header('Content-Type', logo.content_type).send(Buffer.from(logo.data, 'base64'));
    },
  );

  app.get(
    '/api/settings',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['settings'],
        summary: 'Every school setting, with the registration windows of Forms 1–5 (admin role only)',
        response: { 200: schoolSettingsSchema, ...errors },
      },
    },
    async () => readSchoolSettings(ctx),
  );

  app.post(
    '/api/settings',
    {
      preHandler: [requireAdmin, requireFreshSecondFactor],
      schema: {
        tags: ['settings'],
        summary: 'Change the settings sent: name, address, motto, switches, terms (admin role only)',
        body: schoolSettingsUpdateSchema,
        response: { 200: schoolSettingsSchema, ...errors },
      },
    },
    async (request) => updateSchoolSettings(ctx, actorOf(request), request.body),
  );

  app.post(
    '/api/settings/registration-windows',
    {
      preHandler: [requireAdmin, requireFreshSecondFactor],
      schema: {
        tags: ['settings'],
        summary: "One form level's registration window: open, deadline, note (admin role only)",
        body: registrationWindowUpdateSchema,
        response: { 200: schoolSettingsSchema, ...errors },
      },
    },
    async (request) => updateRegistrationWindow(ctx, actorOf(request), request.body),
  );

  app.post(
    '/api/settings/logo',
    {
      preHandler: [requireAdmin, requireFreshSecondFactor],
      schema: {
        tags: ['settings'],
        summary: `Upload the school's logo: PNG or JPEG, at most ${LOGO_MAX_BYTES / 1024 / 1024} MB (admin role only)`,
        response: { 200: schoolSettingsSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const upload = await readUpload(request, {
        maxBytes: LOGO_MAX_BYTES,
        tooLargeMessage: settingsMessages.logoTooLarge,
      });
      return storeLogo(ctx, actorOf(request), upload);
    },
  );

  app.delete(
    '/api/settings/logo',
    {
      preHandler: [requireAdmin, requireFreshSecondFactor],
      schema: {
        tags: ['settings'],
        summary: 'Remove the logo: the drawn crest shows again (admin role only)',
        response: { 200: schoolSettingsSchema, ...errors },
      },
    },
    async (request) => removeLogo(ctx, actorOf(request)),
  );
};
