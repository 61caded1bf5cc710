import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { latestBackupSchema } from '@sp/domain';
import { latestBackup } from '../../backup/backups.js';
import { errorResponses } from '../../errors.js';
import { requireAdmin, requireFreshSecondFactor } from '../../plugins/auth.js';

export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/backups/latest',
    {
      preHandler: [requireAdmin, requireFreshSecondFactor],
      schema: {
        tags: ['staff'],
        summary: "The last backup's time and size, and the nightly schedule (admin role only)",
        response: { 200: latestBackupSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const last = await latestBackup(ctx.db);
      const { BACKUP_TIME, BACKUP_KEEP, DATABASE_URL } = ctx.config;
      return {
        last: last && { ...last, at: last.at.toISOString() },
        nightly: DATABASE_URL || BACKUP_TIME === 'off' ? null : { time: BACKUP_TIME, keep: BACKUP_KEEP },
      };
    },
  );
};
