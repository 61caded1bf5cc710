import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { messages, passwordProblem } from '@sp/domain';
import { writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { parents, staffUsers, studentAccounts, students } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { linkNotValid, peekToken, useOwnerTokens, useToken, type TokenOwner } from '../../mail/tokens.js';
import { endParentSessions, endStaffSessions, endStudentSessions } from '../../plugins/session.js';
import { hashPassword } from '../../shared/passwords.js';

/** Whether a reset link can still be used, and whose sign-in page follows; the link stays unused. */
export async function passwordLinkState(ctx: AppContext, token: string) {
  const grant = await peekToken(ctx.db, token, 'reset', ctx.clock());
  return { valid: grant !== undefined, kind: grant?.owner.kind ?? null };
}

/** The account a reset link is for, with what D5's password rules compare a new password against. */
async function accountOf(ctx: AppContext, owner: TokenOwner) {
  if (owner.kind === 'student') {
    const [s] = await ctx.db
      .select({ id: students.id, dob: students.date_of_birth })
      .from(students)
      .where(eq(students.id, owner.id));
    return s && { studentId: s.id, dateOfBirth: s.dob };
  }
  if (owner.kind === 'parent') {
    const [p] = await ctx.db
      .select({ id: parents.id })
      .from(parents)
      .where(eq(parents.id, Number(owner.id)));
    return p && {};
  }
  const [u] = await ctx.db
    .select({ username: staffUsers.username })
    .from(staffUsers)
    .where(eq(staffUsers.id, Number(owner.id)));
  return u && { username: u.username };
}

/**
 * A new password through an e-mailed link (D52): D5's rules; then in one transaction the link is used (of
 * two tabs one wins), the password set with password_reset 0, the account's other reset links voided, every
 * session of the account ended, and the change audited. A bad password leaves the link usable.
 */
export async function usePasswordLink(
  ctx: AppContext,
  request: FastifyRequest,
  body: { token: string; password: string; password_confirmation: string },
): Promise<{ kind: TokenOwner['kind'] }> {
  if (body.password !== body.password_confirmation)
    throw badRequest(messages.passwordsDoNotMatch, 'password_confirmation');
  const seen = await peekToken(ctx.db, body.token, 'reset', ctx.clock());
  const account = seen && (await accountOf(ctx, seen.owner));
  if (!seen || !account) throw badRequest(linkNotValid, 'token');
  const problem = passwordProblem(body.password, account);
  if (problem) throw badRequest(problem, 'password');

  const passwordHash = await hashPassword(body.password);
  const now = ctx.clock();
  const owner = await ctx.db.transaction(async (tx) => {
    const grant = await useToken(tx, body.token, 'reset', now);
    if (!grant) throw badRequest(linkNotValid, 'token');
    const { owner } = grant;
    if (owner.kind === 'student') {
      const set = { password_hash: passwordHash, password_reset: 0, password_changed_at: now };
      await tx
        .insert(studentAccounts)
        .values({ student_id: owner.id, ...set })
        .onConflictDoUpdate({ target: studentAccounts.student_id, set });
      await endStudentSessions(tx, owner.id);
    } else if (owner.kind === 'parent') {
      await tx
        .update(parents)
        .set({ password_hash: passwordHash })
        .where(eq(parents.id, Number(owner.id)));
      await endParentSessions(tx, Number(owner.id));
    } else {
      await tx
        .update(staffUsers)
        .set({ password_hash: passwordHash, password_reset: 0 })
        .where(eq(staffUsers.id, Number(owner.id)));
      await endStaffSessions(tx, Number(owner.id));
    }
    await useOwnerTokens(tx, owner, 'reset', now);
    await writeAudit(tx, {
      action: 'password_link_use',
      actorKind: 'anonymous',
      actorId: owner.kind === 'staff' ? (account.username ?? null) : owner.id,
      studentId: owner.kind === 'student' ? owner.id : null,
      ip: request.ip,
      at: now,
      detail: { owner_kind: owner.kind, address: grant.address },
    });
    return owner;
  });
  // This browser's own session of the account ends too (its row is gone; the cookie must not bring it back).
  const auth = request.session.auth;
  const signedInHere =
    auth?.kind === 'student'
      ? owner.id === auth.studentId
      : auth?.kind === 'staff'
        ? owner.id === String(auth.userId)
        : auth?.kind === 'parent' && owner.id === String(auth.parentId);
  if (auth && auth.kind === owner.kind && signedInHere) await request.session.destroy();
  return { kind: owner.kind };
}
