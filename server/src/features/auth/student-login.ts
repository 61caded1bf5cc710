import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { birthDateFromTyped, messages, type StudentLogin, type StudentLoginResponse } from '@sp/domain';
import { writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { studentAccounts, students } from '../../db/schema.js';
import { forbidden, unauthorized } from '../../errors.js';
import {
  completeSignIn,
  recordLoginFailure,
  refuseWhenLockedOut,
  type SignInAttempt,
} from './login-failures.js';
import { verifyPassword } from '../../shared/passwords.js';

export async function findStudentAccount(ctx: AppContext, studentId: string) {
  const [row] = await ctx.db
    .select({
      id: students.id,
      first_name: students.first_name,
      last_name: students.last_name,
      date_of_birth: students.date_of_birth,
      password_hash: studentAccounts.password_hash,
      password_reset: studentAccounts.password_reset,
      withdrawn_at: students.withdrawn_at,
    })
    .from(students)
    .leftJoin(studentAccounts, eq(studentAccounts.student_id, students.id))
    .where(eq(students.id, studentId));
  return row;
}

/** A student's sign-in attempt as the sign-in limits count it (D5). */
export const studentAttempt = (
  ctx: AppContext,
  request: FastifyRequest,
  studentId: string,
): SignInAttempt => ({
  kind: 'student',
  account: studentId,
  ip: request.ip,
  addressMax: ctx.config.LOGIN_ADDRESS_MAX_FAILURES,
});

export const fullName = (s: { first_name: string; last_name: string }): string =>
  `${s.first_name} ${s.last_name}`;

/**
 * Student sign-in (spec section 4, D5). While `password_reset` is 1 the secret is the date of birth
 * (yyyymmdd) and the session opened can only set a new password; otherwise the Argon2 hash is checked.
 * Every failure answers the same message, whether or not the ID exists.
 */
export async function signInStudent(
  ctx: AppContext,
  request: FastifyRequest,
  body: StudentLogin,
): Promise<StudentLoginResponse> {
  const now = ctx.clock();
  const attempt = studentAttempt(ctx, request, body.student_id);
  const lockout = await refuseWhenLockedOut(ctx.db, attempt, now);

  const account = await findStudentAccount(ctx, body.student_id);
  const resetDue = account?.password_reset !== 0;
  let ok: boolean;
  if (account && resetDue) {
    // Spend a verification's time here too, so the answer time does not reveal the account's state.
    await verifyPassword(null, body.password);
    ok = !!account.date_of_birth && birthDateFromTyped(body.password) === account.date_of_birth;
  } else {
    ok = await verifyPassword(account?.password_hash, body.password);
  }

  if (!account || !ok) {
    await recordLoginFailure(ctx.db, attempt, now, {
      action: 'login_failed',
      actorKind: 'anonymous',
      actorId: body.student_id,
      studentId: account?.id ?? null,
    });
    throw unauthorized(messages.loginFailed);
  }
  if (account.withdrawn_at) {
    await writeAudit(ctx.db, {
      action: 'login_refused',
      actorKind: 'student',
      actorId: account.id,
      studentId: account.id,
      ip: request.ip,
      at: now,
      detail: { withdrawn: true },
    });
    throw forbidden(messages.withdrawn);
  }

  const name = fullName(account);
  await completeSignIn(
    ctx,
    request,
    attempt,
    lockout,
    {
      auth: { kind: 'student', studentId: account.id, name, limited: resetDue },
      stampLastLogin: (db, at) =>
        db
          .update(studentAccounts)
          .set({ last_login_at: at })
          .where(eq(studentAccounts.student_id, account.id)),
      audit: {
        action: 'login',
        actorKind: 'student',
        actorId: account.id,
        studentId: account.id,
        detail: { first_login: resetDue },
      },
    },
    now,
  );
  return { name, student_id: account.id, password_reset: resetDue ? 1 : 0 };
}
