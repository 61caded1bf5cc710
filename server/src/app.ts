import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { messages } from '@sp/domain';
import { systemClock, type Clock } from './clock.js';
import { fastifyTrustProxy, type Config } from './config.js';
import type { AppContext } from './context.js';
import type { Db } from './db/client.js';
import type { FileStore } from './storage/file-store.js';
import { unsubscribeKey } from './mail/unsubscribe.js';
import { authRoutes } from './features/auth/routes.js';
import { backupRoutes } from './features/backups/routes.js';
import { completionRoutes } from './features/completion/routes.js';
import { contactRoutes } from './features/contacts/routes.js';
import { parentRoutes } from './features/parents/routes.js';
import { parentLinkRoutes } from './features/parent-links/routes.js';
import { passkeyRoutes } from './features/passkeys/routes.js';
import { documentRoutes } from './features/documents/routes.js';
import { familyStaffRoutes } from './features/family-staff/routes.js';
import { classRoutes } from './features/classes/routes.js';
import { lookupRoutes } from './features/lookups/routes.js';
import { passwordLinkRoutes } from './features/password-links/routes.js';
import { outboxRoutes } from './features/outbox/routes.js';
import { registrationRoutes } from './features/registration/routes.js';
import { reportCardRoutes } from './features/report-cards/routes.js';
import { rolloverRoutes } from './features/rollover/routes.js';
import { registrationReportRoutes } from './features/registration-report/routes.js';
import { secondFactorRoutes } from './features/second-factor/routes.js';
import { settingsRoutes } from './features/settings/routes.js';
import { staffAccountRoutes } from './features/staff-accounts/routes.js';
import { studentExportRoutes } from './features/student-export/routes.js';
import { studentHistoryRoutes } from './features/student-history/routes.js';
import { studentImportRoutes } from './features/student-import/routes.js';
import { studentRoutes } from './features/students/routes.js';
import { termPostingRoutes } from './features/term-posting/routes.js';
import { termResultsRoutes } from './features/term-results/routes.js';
import { unsubscribeRoutes } from './features/unsubscribe/routes.js';
import { authPlugin } from './plugins/auth.js';
import { csrfPlugin } from './plugins/csrf.js';
import { docsPlugin } from './plugins/docs.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { requestLogPlugin } from './plugins/request-log.js';
import { databaseRateLimitStore } from './plugins/rate-limit-store.js';
import { responseHeadersPlugin } from './plugins/response-headers.js';
import { sessionPlugin } from './plugins/session.js';
import { webAppPlugin } from './plugins/web-app.js';

export interface AppDeps {
  config: Config;
  db: Db;
  sessionSecret: string;
  files: FileStore;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; defaults to web/dist. */
  webRoot?: string;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    // requestLogPlugin logs each request once, when answered.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Student IDs and paths are short; a very long URL is a mistake or an attack.
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every route the app answers, for the authorization-matrix test and the docs.
  const routeList: { method: string; url: string }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeList.push({ method, url: route.url });
  });

  const ctx: AppContext = {
    db: deps.db,
    clock: deps.clock ?? systemClock,
    config,
    files: deps.files,
    log: app.log,
    mailKey: unsubscribeKey(deps.sessionSecret),
  };
  app.decorate('ctx', ctx);

  await app.register(errorHandlerPlugin);
  await app.register(requestLogPlugin);
  await app.register(responseHeadersPlugin);
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(deps.db),
    errorResponseBuilder: () => ({ statusCode: 429, message: messages.tooManyAttempts }),
  });
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    // Keep the name as sent, so a name carrying a folder path is seen and refused rather than trimmed.
    preservePath: true,
    limits: {
      fileSize: Math.round(config.UPLOAD_MAX_MB * 1024 * 1024),
      files: 1,
      fields: 5,
      fieldSize: 1000,
      parts: 8,
    },
  });
  await app.register(docsPlugin);
  await app.register(sessionPlugin, {
    db: ctx.db,
    clock: ctx.clock,
    secret: deps.sessionSecret,
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
  });
  await app.register(csrfPlugin, { secret: deps.sessionSecret });
  await app.register(authPlugin);

  app.get('/api/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  await app.register(authRoutes);
  await app.register(secondFactorRoutes);
  await app.register(passwordLinkRoutes);
  await app.register(contactRoutes);
  await app.register(parentRoutes);
  await app.register(parentLinkRoutes);
  await app.register(settingsRoutes);
  await app.register(outboxRoutes);
  await app.register(studentRoutes);
  await app.register(studentImportRoutes);
  await app.register(lookupRoutes);
  await app.register(classRoutes);
  await app.register(registrationRoutes);
  await app.register(documentRoutes);
  await app.register(completionRoutes);
  await app.register(registrationReportRoutes);
  await app.register(studentExportRoutes);
  await app.register(studentHistoryRoutes);
  await app.register(familyStaffRoutes);
  await app.register(staffAccountRoutes);
  await app.register(passkeyRoutes);
  await app.register(reportCardRoutes);
  await app.register(termResultsRoutes);
  await app.register(termPostingRoutes);
  await app.register(backupRoutes);
  await app.register(rolloverRoutes);
  await app.register(unsubscribeRoutes);

  await app.register(webAppPlugin, deps.webRoot ? { root: deps.webRoot } : {});
  return app;
}
