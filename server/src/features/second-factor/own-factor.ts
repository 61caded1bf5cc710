import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { actorOf, type Actor } from '../../plugins/auth.js';
import type { SignInFactor } from '../../shared/staff-sign-in.js';

export type StaffActor = Extract<Actor, { kind: 'staff' }>;

/** The staff actor of an own-second-factor route (its guard is requireStaffAccount). */
export const staffActor = (request: FastifyRequest) => actorOf(request) as StaffActor;

export const conflict = (message: string) => new AppError(409, message);

/**
 * The session gave a second factor now: sensitive actions need no asking for SECOND_FACTOR_FRESH_MS, and a
 * session sent to set one up may do all its role allows.
 */
export function noteFactorGiven(request: FastifyRequest, factor: SignInFactor, now: Date): void {
  const auth = request.session.auth;
  if (auth?.kind !== 'staff') return;
  const { mustEnrol: _, ...rest } = auth;
  request.session.auth = { ...rest, factor, factorAt: now.getTime() };
}
