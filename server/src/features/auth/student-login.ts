import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { birthDateFromTyped, messages, type StudentLogin, type StudentLoginResponse } from '@sp/domain';
import { writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { runNamed } from '../../db/client.js';
import { studentAccounts, students } from '../../db/schema.js';
import { forbidden, unauthorized } from '../../errors.js';
import {
  completeSignIn,
  recordLoginFailure,
  refuseWhenLockedOut,
  type SignInAttempt,
} from '../../shared/login-failures.js';
import { verifyPassword } from '../../shared/passwords.js';

export interface StudentAccount {
  id: string;
  first_name: string;
  last_name: string;
  /** yyyy-mm-dd */
  date_of_birth: string | null;
  password_hash: string | null;
  password_reset: number | null;
  withdrawn_at: string | null;
}

/** The student and their account, as a sign-in needs them: built and planned once (see runNamed). */
export async function findStudentAccount(
  ctx: AppContext,
  studentId: string,
): Promise<StudentAccount | undefined> {
  const [row] = await runNamed(
    ctx.db,
    'student_account',
    () => sql`select ${students.id}, ${students.first_name}, ${students.last_name},
        ${students.date_of_birth}::text as date_of_birth, ${studentAccounts.password_hash},
        ${studentAccounts.password_reset}, ${students.withdrawn_at}::text as withdrawn_at
      from ${students} left join ${studentAccounts} on ${studentAccounts.student_id} = ${students.id}
      where ${students.id} = ${sql.placeholder('id')}`,
    { id: studentId },
  );
  return row as StudentAccount | undefined;
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
      stampLastLogin: (db, at, id) =>
        db.update(studentAccounts).set({ last_login_at: at }).where(eq(studentAccounts.student_id, id)),
      account: account.id,
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
