import type { FastifyRequest } from 'fastify';
import { messages, passwordProblem, type ChangePassword } from '@sp/domain';
import { writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { studentAccounts } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import { sessionAuth } from '../../plugins/auth.js';
import { endOtherStudentSessions, startSignedInSession } from '../../plugins/session.js';
import { clearLoginFailures, recordLoginFailure, refuseWhenLockedOut } from '../../shared/login-failures.js';
import { findStudentAccount, fullName, studentAttempt } from './student-login.js';
import { hashPassword, verifyPassword } from '../../shared/passwords.js';

/** Checking the old password is a sign-in attempt: it counts towards the sign-in limits (D5). */
async function checkOldPassword(
  ctx: AppContext,
  request: FastifyRequest,
  account: { id: string; password_hash: string | null },
  oldPassword: string,
): Promise<void> {
  const now = ctx.clock();
  const attempt = studentAttempt(ctx, request, account.id);
  await refuseWhenLockedOut(ctx.db, attempt, now);
  if (await verifyPassword(account.password_hash, oldPassword)) {
    await clearLoginFailures(ctx.db, attempt);
    return;
  }
  await recordLoginFailure(ctx.db, attempt, now, {
    action: 'password_change_failed',
    actorKind: 'student',
    actorId: account.id,
    studentId: account.id,
  });
  throw badRequest(messages.wrongOldPassword, 'old_password');
}

/**
 * A student sets a new password: after the first (date-of-birth) sign-in no old password is asked; otherwise
 * the old one must match. The change ends the student's other sessions and opens a full one (D5).
 */
export async function changeStudentPassword(
  ctx: AppContext,
  request: FastifyRequest,
  body: ChangePassword,
): Promise<{ name: string; student_id: string }> {
  const auth = sessionAuth(request);
  if (auth.kind !== 'student' || auth.studentId !== body.student_id) throw forbidden(messages.forbidden);
  const account = await findStudentAccount(ctx, body.student_id);
  if (!account) throw notFound(messages.notFound);

  if (!auth.limited) {
    if (body.old_password === undefined) throw badRequest(messages.required, 'old_password');
    await checkOldPassword(ctx, request, account, body.old_password);
  }
  const password = (body.password ?? body.reset_password)!;
  const problem = passwordProblem(password, { studentId: account.id, dateOfBirth: account.date_of_birth });
  if (problem) throw badRequest(problem, 'password');

  const now = ctx.clock();
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(studentAccounts)
      .values({
        student_id: account.id,
        password_hash: passwordHash,
        password_reset: 0,
        password_changed_at: now,
      })
      .onConflictDoUpdate({
        target: studentAccounts.student_id,
        set: { password_hash: passwordHash, password_reset: 0, password_changed_at: now },
      });
    await writeAudit(tx, {
      action: 'password_change',
      actorKind: 'student',
      actorId: account.id,
      studentId: account.id,
      ip: request.ip,
      at: now,
    });
  });
  const name = fullName(account);
  await startSignedInSession(request, { kind: 'student', studentId: account.id, name, limited: false }, now);
  await endOtherStudentSessions(ctx.db, account.id, request.session.sessionId);
  return { name, student_id: account.id };
}
