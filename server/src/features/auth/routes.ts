import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors.js';
import {
  adminLoginResponseSchema,
  adminLoginSchema,
  changePasswordResponseSchema,
  changePasswordSchema,
  changeStaffPasswordResponseSchema,
  changeStaffPasswordSchema,
  currentUserSchema,
  errorSchema,
  languageUpdateSchema,
  studentLoginResponseSchema,
  studentLoginSchema,
} from '@sp/domain';
import { auditActorKind, writeAudit } from '../../audit/audit.js';
import { currentStaffUser, sessionAuth } from '../../plugins/auth.js';
import { SESSION_COOKIE } from '../../plugins/session.js';
import { studentYear } from '../../shared/student-year.js';
import { signInStaff } from './admin-login.js';
import { parentMe } from './parent-me.js';
import { accountLanguage, setAccountLanguage } from './language.js';
import { changeStudentPassword } from './change-password.js';
import { changeStaffPassword } from './change-staff-password.js';
import { signInStudent } from './student-login.js';

const errors = errorResponses(400, 401, 403, 429);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/api/login-student',
    {
      schema: {
        tags: ['auth'],
        summary: 'Student sign-in (password, or date of birth yyyymmdd while password_reset is 1)',
        body: studentLoginSchema,
        response: { 200: studentLoginResponseSchema, ...errors },
      },
    },
    (request) => signInStudent(ctx, request, request.body),
  );

  app.post(
    '/api/change-password-student',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new student password',
        body: changePasswordSchema,
        response: { 200: changePasswordResponseSchema, ...errors },
      },
    },
    (request) => changeStudentPassword(ctx, request, request.body),
  );

  app.post(
    '/api/admin-login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Staff sign-in',
        body: adminLoginSchema,
        response: { 200: adminLoginResponseSchema, ...errors },
      },
    },
    (request) => signInStaff(ctx, request, request.body),
  );

  app.post(
    '/api/change-password-staff',
    {
      schema: {
        tags: ['auth'],
        summary: 'A staff member sets a new password (the current one unless a one-time password is due)',
        body: changeStaffPasswordSchema,
        response: { 200: changeStaffPasswordResponseSchema, ...errors },
      },
    },
    (request) => changeStaffPassword(ctx, request, request.body),
  );

  app.post(
    '/logout',
    { schema: { tags: ['auth'], summary: 'Sign out: the session ends on the server' } },
    async (request, reply) => {
      const auth = request.session.auth;
      if (auth) {
        await writeAudit(ctx.db, {
          action: 'logout',
          actorKind: auditActorKind(auth.kind),
          actorId:
            auth.kind === 'staff'
              ? auth.username
              : auth.kind === 'parent'
                ? String(auth.parentId)
                : auth.studentId,
          studentId: auth.kind === 'student' ? auth.studentId : null,
          ip: request.ip,
          at: ctx.clock(),
        });
      }
      await request.session.destroy();
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'Who is signed in',
        response: { 200: currentUserSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const auth = sessionAuth(request);
      if (auth.kind === 'parent') {
        return { ...(await parentMe(ctx, request, auth)), language: await accountLanguage(ctx.db, auth) };
      }
      if (auth.kind === 'staff') {
        // The role as it stands now (an administrator may have changed it since sign-in).
        const user = await currentStaffUser(request, auth.userId);
        return {
          kind: 'staff' as const,
          student_id: null,
          name: 'Admin',
          full_name: user.full_name,
          limited: auth.limited === true,
          role: user.role === 'admin' ? ('admin' as const) : ('staff' as const),
          must_enrol: auth.mustEnrol === true,
          staff_user_id: auth.userId,
        };
      }
      return {
        kind: 'student' as const,
        student_id: auth.studentId,
        name: auth.name,
        full_name: auth.name,
        limited: auth.limited,
        // Which pages the family sees this year: re-registration, or a leaver's report cards only (D49).
        year: await studentYear(ctx.db, auth.studentId),
        language: await accountLanguage(ctx.db, auth),
      };
    },
  );

  app.put(
    '/api/me/language',
    {
      schema: {
        tags: ['auth'],
        summary: "A student's or parent's language (en | es), remembered with the account; staff: 403",
        body: languageUpdateSchema,
        response: { 200: languageUpdateSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await setAccountLanguage(request, request.body.language);
      return { language: request.body.language };
    },
  );
};
