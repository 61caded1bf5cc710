import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appSettingsSchema } from '@sp/domain';
import { readSettings } from '../../shared/settings.js';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/settings/public',
    {
      schema: {
        tags: ['settings'],
        summary:
          'School name, feature switches, terms text and upload limit: what the pages need before sign-in',
        response: { 200: appSettingsSchema },
      },
    },
    async () => {
      const s = await readSettings(ctx.db, [
        'school_name',
        'id_lookup_enabled',
        'learning_challenges_enabled',
        'terms_and_conditions',
      ]);
      return {
        school_name: s.school_name ?? ctx.config.SCHOOL_NAME,
        id_lookup_enabled: s.id_lookup_enabled,
        learning_challenges_enabled: s.learning_challenges_enabled,
        terms_and_conditions: s.terms_and_conditions,
        upload_max_mb: ctx.config.UPLOAD_MAX_MB,
      };
    },
  );
};
