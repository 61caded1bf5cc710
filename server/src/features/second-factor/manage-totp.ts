import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import {
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  secondFactorMessages,
  type RecoveryCodes,
  type TotpStart,
} from '@sp/domain';
import type { AppContext } from '../../context.js';
import { staffTotp, staffUsers } from '../../db/schema.js';
import { AppError, badRequest } from '../../errors.js';
import {
  hasUnusedRecoveryCodes,
  makeRecoveryCodes,
  spendRecoveryCode,
  voidRecoveryCodes,
} from '../../shared/recovery-codes.js';
import {
  hasSecondFactor,
  isOnlyActiveAdmin,
  secondFactorRequiredFor,
  staffSecondFactors,
} from '../../shared/second-factor.js';
import { recordSecondFactorFailure, refuseWhenSecondFactorLocked } from '../../shared/staff-sign-in.js';
import { endStaffSessions } from '../../plugins/session.js';
import { readSettings } from '../../shared/settings.js';
import { recordFactorChange } from '../../shared/factor-changes.js';
import { conflict, noteFactorGiven, type StaffActor } from './own-factor.js';
import { totpStep } from './totp.js';

/**
 * A new secret for the account's authenticator app, replacing one not yet confirmed; the app is named after
 * the school, the account by its username. 409 while a confirmed app is set up (remove it first).
 */
export async function startTotp(ctx: AppContext, actor: StaffActor): Promise<TotpStart> {
  const now = ctx.clock();
  const secret = generateSecret();
  // A confirmation between the look and the write keeps the confirmed secret: the update is conditional.
  const written = await ctx.db
    .insert(staffTotp)
    .values({ staff_user_id: actor.userId, secret, created_at: now })
    .onConflictDoUpdate({
      target: staffTotp.staff_user_id,
      set: { secret, created_at: now, last_time_step: null },
      setWhere: isNull(staffTotp.confirmed_at),
    })
    .returning({ id: staffTotp.staff_user_id });
  if (written.length === 0) throw conflict(secondFactorMessages.totpAlready);
  const { school_name } = await readSettings(ctx.db, ['school_name']);
  const uri = generateURI({
    issuer: school_name ?? ctx.config.SCHOOL_NAME,
    label: actor.id,
    secret,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
  return { secret, uri, qr_svg: await QRCode.toString(uri, { type: 'svg', margin: 1 }) };
}

/**
 * The first code from the app confirms it (and is used up). The account gets recovery codes unless it has
 * unused ones already (from a passkey), and the session counts as having given its second factor.
 */
export async function confirmTotp(
  ctx: AppContext,
  request: FastifyRequest,
  actor: StaffActor,
  code: string,
): Promise<RecoveryCodes> {
  const now = ctx.clock();
  const [row] = await ctx.db.select().from(staffTotp).where(eq(staffTotp.staff_user_id, actor.userId));
  if (!row) throw conflict(secondFactorMessages.totpNotStarted);
  if (row.confirmed_at) throw conflict(secondFactorMessages.totpAlready);
  // Guessing the first code of a secret set up and left is limited as at sign-in.
  await refuseWhenSecondFactorLocked(ctx.db, actor.userId, now);
  const step = await totpStep(row.secret, code, now);
  if (step === null) {
    await recordSecondFactorFailure(ctx.db, actor.userId, request.ip, now);
    throw badRequest(secondFactorMessages.codeWrong, 'code');
  }
  const codes = await ctx.db.transaction(async (tx) => {
    const first = !(await hasSecondFactor(tx, actor.userId));
    // Only the secret that was checked, and only once: a restart or a second confirmation changes nothing.
    const confirmed = await tx
      .update(staffTotp)
      .set({ confirmed_at: now, last_time_step: step })
      .where(
        and(
          eq(staffTotp.staff_user_id, actor.userId),
          eq(staffTotp.secret, row.secret),
          isNull(staffTotp.confirmed_at),
        ),
      )
      .returning({ id: staffTotp.staff_user_id });
    if (confirmed.length === 0) throw conflict(secondFactorMessages.totpNotStarted);
    await recordFactorChange(tx, actor, 'totp_added', now);
    // The account's first factor: a session opened elsewhere with the password alone ends (ADR 0043).
    if (first) await endStaffSessions(tx, actor.userId, request.session.sessionId);
    return (await hasUnusedRecoveryCodes(tx, actor.userId)) ? [] : makeRecoveryCodes(tx, actor.userId, now);
  });
  noteFactorGiven(request, 'totp', now);
  return { recovery_codes: codes };
}

/**
 * Removes the account's authenticator app. When it is the last second factor of the only active administrator
 * it goes only with one of their recovery codes (used up): nobody else could reset it, and a stolen session
 * alone must not strip the school's last administrator of it. A session left without the factor the school
 * requires may then only set one up again.
 */
export async function removeTotp(
  ctx: AppContext,
  request: FastifyRequest,
  actor: StaffActor,
  recoveryCode: string | undefined,
): Promise<void> {
  const now = ctx.clock();
  const last = await ctx.db.transaction(async (tx) => {
    // The account's row is locked, so a passkey removed at the same time sees this removal.
    await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.id, actor.userId))
      .for('update');
    const factors = await staffSecondFactors(tx, actor.userId);
    if (!factors.totp) throw conflict(secondFactorMessages.totpNone);
    const lastFactor = factors.passkeys === 0;
    if (lastFactor && (await isOnlyActiveAdmin(tx, actor.userId, true))) {
      const spent =
        recoveryCode !== undefined && (await spendRecoveryCode(tx, actor.userId, recoveryCode, now));
      if (!spent) {
        const message = secondFactorMessages.lastAdminNeedsRecovery;
        throw new AppError(403, message, [{ field: 'recovery_code', message }]);
      }
      await recordFactorChange(tx, actor, 'recovery_code_used', now);
    }
    await tx.delete(staffTotp).where(eq(staffTotp.staff_user_id, actor.userId));
    if (lastFactor) await voidRecoveryCodes(tx, actor.userId);
    await recordFactorChange(tx, actor, 'totp_removed', now);
    return lastFactor;
  });
  const auth = request.session.auth;
  if (last && auth?.kind === 'staff' && (await secondFactorRequiredFor(ctx.db, actor.role)))
    request.session.auth = { ...auth, mustEnrol: true };
}

/** A new set of recovery codes, the old ones void; only for an account with a second factor. */
export async function renewRecoveryCodes(ctx: AppContext, actor: StaffActor): Promise<RecoveryCodes> {
  const now = ctx.clock();
  const factors = await staffSecondFactors(ctx.db, actor.userId);
  if (!factors.totp && factors.passkeys === 0) throw conflict(secondFactorMessages.recoveryNeedsFactor);
  const codes = await ctx.db.transaction(async (tx) => {
    const made = await makeRecoveryCodes(tx, actor.userId, now);
    await recordFactorChange(tx, actor, 'recovery_codes_renewed', now);
    return made;
  });
  return { recovery_codes: codes };
}
