import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CHILD_HEADER, FRESH_FACTOR_FIELD, messages, secondFactorMessages } from '@sp/domain';
import { parentLinks, parents, staffUsers, students } from '../db/schema.js';
import { AppError, forbidden, unauthorized } from '../errors.js';
import { factorIsFresh, hasSecondFactor } from '../shared/second-factor.js';
import type { SessionAuth } from './session.js';

/**
 * Who is acting, as a plain value: routes take it from the session, the command-line tool and imports make
 * their own. Services receive `(ctx, actor, …)` and never the request.
 */
export type Actor =
  /** The student, or a linked parent acting for them exactly as they would (D50): `parent` names who. */
  | { kind: 'student'; id: string; ip: string | null; parent?: ActingParent }
  | { kind: 'staff'; id: string; ip: string | null; userId: number; role: string }
  /** A parent account on its own business (linking a child, its password); `id` is the account id as text. */
  | { kind: 'parent'; id: string; ip: string | null; parentId: number; name: string }
  | { kind: 'system'; id: string; ip: null };

/** The parent account behind a student actor. */
export interface ActingParent {
  id: number;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the route's guard (a preHandler); null on routes open to anyone. */
    actor: Actor | null;
  }
}

/** The command-line tool and other work nobody signed in for. */
export const systemActor = (id = 'cli'): Actor => ({ kind: 'system', id, ip: null });

function actorFromSession(auth: Exclude<SessionAuth, { kind: 'parent' }>, ip: string): Actor {
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

/**
 * A student may act on their own record only, a parent on the child they act for; staff and the system on any
 * (D3, D50). A parent actor with no child named acts on no record.
 */
export function assertMayActOn(actor: Actor, studentId: string): void {
  if (actor.kind === 'parent' || (actor.kind === 'student' && actor.id !== studentId))
    throw forbidden(messages.forbidden);
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

type ParentAuth = Extract<SessionAuth, { kind: 'parent' }>;

/**
 * A parent account as it stands now, with the children it may act for: linked and not withdrawn (a withdrawn
 * child's family loses the portal as the student does). Unlinking or deactivating counts from the next
 * request. One indexed read per parent request.
 */
export async function currentParent(request: FastifyRequest, auth: ParentAuth) {
  const rows = await request.server.ctx.db
    .select({ name: parents.name, active: parents.active, child: students.id })
    .from(parents)
    .leftJoin(parentLinks, eq(parentLinks.parent_id, parents.id))
    .leftJoin(students, and(eq(students.id, parentLinks.student_id), isNull(students.withdrawn_at)))
    .where(eq(parents.id, auth.parentId));
  if (!rows[0]?.active) {
    await request.session.destroy();
    throw unauthorized(messages.sessionExpired);
  }
  const children = new Set(rows.flatMap((r) => (r.child === null ? [] : [r.child])));
  return { id: auth.parentId, name: rows[0].name, children };
}

/** The child a parent's page names in its header, if any (see CHILD_HEADER). */
function childInHeader(request: FastifyRequest): string | undefined {
  const value = request.headers[CHILD_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * A parent acting for `studentId` (as that student), or for nobody when none is named; a child the account is
 * not linked to is refused (D50).
 */
async function parentActor(request: FastifyRequest, auth: ParentAuth, studentId: string | undefined) {
  const parent = await currentParent(request, auth);
  if (studentId === undefined) {
    request.actor = {
      kind: 'parent',
      id: String(parent.id),
      ip: request.ip,
      parentId: parent.id,
      name: parent.name,
    };
    return;
  }
  if (!parent.children.has(studentId)) throw forbidden(messages.forbidden);
  request.actor = {
    kind: 'student',
    id: studentId,
    ip: request.ip,
    parent: { id: parent.id, name: parent.name },
  };
}

/**
 * A fully signed-in student, parent or staff member (D3, D5: the limited session of a first login, or of a
 * staff one-time password, is refused). A parent acts for the child its page names (CHILD_HEADER), or for
 * nobody.
 */
export async function requireSignedIn(request: FastifyRequest): Promise<void> {
  let auth = sessionAuth(request);
  if (auth.kind === 'parent') return parentActor(request, auth, childInHeader(request));
  if (auth.kind === 'staff') auth = { ...auth, role: (await currentStaffUser(request, auth.userId)).role };
  if (auth.limited) throw forbidden(messages.passwordChangeRequired);
  if (auth.kind === 'staff' && auth.mustEnrol) throw forbidden(secondFactorMessages.enrolRequired);
  request.actor = actorFromSession(auth, request.ip);
}

/**
 * A staff session, including one that may only set up the second factor the school requires (D51); a
 * one-time password's session must choose a password first.
 */
export async function requireStaffAccount(request: FastifyRequest): Promise<void> {
  const auth = sessionAuth(request);
  if (auth.kind !== 'staff') throw forbidden(messages.forbidden);
  const user = await currentStaffUser(request, auth.userId);
  if (auth.limited) throw forbidden(messages.passwordChangeRequired);
  request.actor = actorFromSession({ ...auth, role: user.role }, request.ip);
}

/**
 * D51: a sensitive action (staff accounts, settings, exports, backups, second-factor changes) by an account
 * with a second factor needs one given within SECOND_FACTOR_FRESH_MS; otherwise 403 naming FRESH_FACTOR_FIELD,
 * and the page asks for it and tries again. Runs after a guard that found a staff actor.
 */
export async function requireFreshSecondFactor(request: FastifyRequest): Promise<void> {
  const auth = request.session.auth;
  if (auth?.kind !== 'staff') throw forbidden(messages.forbidden);
  if (factorIsFresh(auth, request.server.ctx.clock())) return;
  if (!(await hasSecondFactor(request.server.ctx.db, auth.userId))) return;
  const message = secondFactorMessages.freshRequired;
  throw new AppError(403, message, [{ field: FRESH_FACTOR_FIELD, message }]);
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

/** A parent session on its own business (D50); anyone else gets 403. */
export async function requireParent(request: FastifyRequest): Promise<void> {
  const auth = sessionAuth(request);
  if (auth.kind !== 'parent') throw forbidden(messages.forbidden);
  await parentActor(request, auth, undefined);
}

/**
 * The student named in the request's params or body (after validation), a parent linked to them (acting as
 * them), or staff; another student or parent gets 403 (D3, D50).
 */
export function requireOwnStudentOrStaff(from: 'params' | 'body', key: string) {
  return async (request: FastifyRequest): Promise<void> => {
    const source = request[from] as Record<string, unknown> | undefined;
    const named = source?.[key];
    const studentId = typeof named === 'string' ? named : '';
    const auth = sessionAuth(request);
    if (auth.kind === 'parent') return parentActor(request, auth, studentId);
    await requireSignedIn(request);
    assertMayActOn(actorOf(request), studentId);
  };
}

export const authPlugin = fp(async (app) => {
  app.decorateRequest('actor', null);
});
