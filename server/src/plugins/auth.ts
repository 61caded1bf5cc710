import type { FastifyRequest } from 'fastify';
import { messages } from '@sp/domain';
import { forbidden, unauthorized } from '../errors.js';
import type { SessionAuth } from './session.js';

type AdminAuth = Extract<SessionAuth, { kind: 'admin' }>;

/** Any signed-in caller, including a first-login session that may only change its password. */
export function sessionAuth(request: FastifyRequest): SessionAuth {
  const auth = request.session?.auth;
  if (!auth) throw unauthorized(request.session?.expired ? messages.sessionExpired : messages.notSignedIn);
  return auth;
}

/** A fully signed-in student or admin (D3, D5: the limited first-login session is refused). */
export function requireSignedIn(request: FastifyRequest): SessionAuth {
  const auth = sessionAuth(request);
  if (auth.kind === 'student' && auth.limited) throw forbidden(messages.passwordChangeRequired);
  return auth;
}

export function requireAdmin(request: FastifyRequest): AdminAuth {
  const auth = requireSignedIn(request);
  if (auth.kind !== 'admin') throw forbidden(messages.forbidden);
  return auth;
}

/** The student themself or staff; another student gets 403 (D3). */
export function requireOwnStudentOrAdmin(request: FastifyRequest, studentId: string): SessionAuth {
  const auth = requireSignedIn(request);
  if (auth.kind === 'student' && auth.studentId !== studentId) {
    throw forbidden(messages.forbidden);
  }
  return auth;
}
