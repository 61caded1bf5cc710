import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appSettingsSchema } from '@sp/domain';
import { readSettings } from './settings-service.js';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/settings/public',
    {
      schema: {
        tags: ['settings'],
        summary: 'What the sign-in page needs: school name and feature switches',
        response: { 200: appSettingsSchema },
      },
    },
    async () => {
      const s = await readSettings(ctx.db, [
        'school_name',
        'id_lookup_enabled',
        'learning_challenges_enabled',
      ]);
      return {
        school_name: s.school_name ?? ctx.config.SCHOOL_NAME,
        id_lookup_enabled: s.id_lookup_enabled,
        learning_challenges_enabled: s.learning_challenges_enabled,
      };
    },
  );
};
