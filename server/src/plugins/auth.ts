import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@sp/domain';
import { staffUsers } from '../db/schema.js';
import { forbidden, unauthorized } from '../errors.js';
import type { SessionAuth } from './session.js';

/**
 * Who is acting, as a plain value: routes take it from the session, the command-line tool and imports make
 * their own. Services receive `(ctx, actor, …)` and never the request.
 */
export type Actor =
  | { kind: 'student'; id: string; ip: string | null }
  | { kind: 'staff'; id: string; ip: string | null; userId: number; role: string }
  | { kind: 'system'; id: string; ip: null };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the route's guard (a preHandler); null on routes open to anyone. */
    actor: Actor | null;
  }
}

/** The command-line tool and other work nobody signed in for. */
export const systemActor = (id = 'cli'): Actor => ({ kind: 'system', id, ip: null });

function actorFromSession(auth: SessionAuth, ip: string): Actor {
  return auth.kind === 'staff'
    ? { kind: 'staff', id: auth.username, ip, userId: auth.userId, role: auth.role }
    : { kind: 'student', id: auth.studentId, ip };
}

/** Any signed-in caller, including a first-login session that may only change its password. */
export function sessionAuth(request: FastifyRequest): SessionAuth {
  const auth = request.session?.auth;
  if (!auth) throw unauthorized(request.session?.expired ? messages.sessionExpired : messages.notSignedIn);
  return auth;
}

/** The acting user a route's guard found; a route without a guard has none. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error(`${request.routeOptions.url ?? request.url} has no guard`);
  return request.actor;
}

/** A student may act on their own record only; staff and the system on any (D3). */
export function assertMayActOn(actor: Actor, studentId: string): void {
  if (actor.kind === 'student' && actor.id !== studentId) throw forbidden(messages.forbidden);
}

// Guards, used as a route's preHandler next to its schema.

/**
 * A staff session as the account stands now: a deactivated account's session is refused at once, and a
 * changed role counts from the next request (D22). One primary-key read per staff request.
 */
export async function currentStaffUser(request: FastifyRequest, userId: number) {
  const [user] = await request.server.ctx.db.select().from(staffUsers).where(eq(staffUsers.id, userId));
  if (!user?.active) {
    await request.session.destroy();
    throw unauthorized(messages.sessionExpired);
  }
  return user;
}

/**
 * A fully signed-in student or staff member (D3, D5: the limited session of a first login, or of a staff
 * one-time password, is refused).
 */
export async function requireSignedIn(request: FastifyRequest): Promise<void> {
  let auth = sessionAuth(request);
  if (auth.kind === 'staff') auth = { ...auth, role: (await currentStaffUser(request, auth.userId)).role };
  if (auth.limited) throw forbidden(messages.passwordChangeRequired);
  request.actor = actorFromSession(auth, request.ip);
}

/** Any signed-in staff member, of either role. */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  await requireSignedIn(request);
  if (request.actor?.kind !== 'staff') throw forbidden(messages.forbidden);
}

/** D22: the `admin` role only (settings, staff accounts, the export); the `staff` role gets 403. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireStaff(request);
  const actor = actorOf(request);
  if (actor.kind !== 'staff' || actor.role !== 'admin') throw forbidden(messages.forbidden);
}

/**
 * The student named in the request's params or body (after validation), or staff; another student gets
 * 403 (D3).
 */
export function requireOwnStudentOrStaff(from: 'params' | 'body', key: string) {
  return async (request: FastifyRequest): Promise<void> => {
    await requireSignedIn(request);
    const source = request[from] as Record<string, unknown> | undefined;
    const studentId = source?.[key];
    assertMayActOn(actorOf(request), typeof studentId === 'string' ? studentId : '');
  };
}

export const authPlugin = fp(async (app) => {
  app.decorateRequest('actor', null);
});
