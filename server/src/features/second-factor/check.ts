import { secondFactorMessages, type StaffSignInOutcome } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../errors.js';
import {
  recordSecondFactorFailure,
  refuseWhenSecondFactorLocked,
  type SignInFactor,
} from '../../shared/staff-sign-in.js';
import { spendRecoveryCode } from '../../shared/recovery-codes.js';
import { recordStaffSignIn } from '../../shared/staff-sign-ins.js';
import { acceptTotp } from './totp.js';

/** A code from the app or a recovery code, as the schemas give them (a recovery code normalised). */
export interface GivenFactor {
  code?: string | undefined;
  recovery_code?: string | undefined;
}

/**
 * Checks a second factor of an account (signing in, asking again, the last administrator's removal). A code
 * from the app (one in a million to guess) is refused while the account's second-factor limit is reached, and a
 * wrong or used one counts towards it. A recovery code carries 60 random bits: it is never refused for the
 * limit, so whoever knows the password cannot lock the owner out by typing wrong app codes (ADR 0043). Every
 * wrong answer goes to the sign-in history, then 400 naming the field. A right one is used up.
 */
export async function checkSecondFactor(
  ctx: AppContext,
  userId: number,
  given: GivenFactor,
  ip: string,
  now: Date,
): Promise<Extract<SignInFactor, 'totp' | 'recovery'>> {
  const history = (outcome: StaffSignInOutcome) =>
    recordStaffSignIn(ctx.db, { staffUserId: userId, outcome, ip, at: now });
  if (given.code !== undefined) {
    try {
      await refuseWhenSecondFactorLocked(ctx.db, userId, now);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 429) await history('second_factor_locked');
      throw err;
    }
  }
  let refusal: { message: string; field: string } | null = null;
  if (given.code !== undefined) {
    const result = await acceptTotp(ctx.db, userId, given.code, now);
    if (result !== 'accepted')
      refusal = {
        message: result === 'used' ? secondFactorMessages.codeUsed : secondFactorMessages.codeWrong,
        field: 'code',
      };
  } else if (!(await spendRecoveryCode(ctx.db, userId, given.recovery_code ?? '', now))) {
    refusal = { message: secondFactorMessages.recoveryWrong, field: 'recovery_code' };
  }
  if (refusal) {
    if (given.code !== undefined) await recordSecondFactorFailure(ctx.db, userId, ip, now);
    await history('wrong_code');
    throw badRequest(refusal.message, refusal.field);
  }
  return given.code !== undefined ? 'totp' : 'recovery';
}
