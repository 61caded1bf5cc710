import type { FastifyRequest } from 'fastify';
import { CHILD_HEADER, type CurrentUser } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { currentParent } from '../../plugins/auth.js';
import type { SessionAuth } from '../../plugins/session.js';
import { childrenOf } from '../../shared/parent-children.js';
import { studentYear } from '../../shared/student-year.js';

/**
 * GET /api/me for a parent (D50): the account and its children, and the child this tab shows (the one its
 * header names when still linked, else the first), in the fields a student's session fills, so every family
 * page works the same for both.
 */
export async function parentMe(
  ctx: AppContext,
  request: FastifyRequest,
  auth: Extract<SessionAuth, { kind: 'parent' }>,
): Promise<CurrentUser> {
  const parent = await currentParent(request, auth);
  const children = await childrenOf(ctx.db, parent.children);
  const named = request.headers[CHILD_HEADER];
  const child = children.find((c) => c.student_id === named) ?? children[0];
  return {
    kind: 'parent',
    student_id: child?.student_id ?? null,
    name: child ? `${child.first_name} ${child.last_name}` : parent.name,
    full_name: parent.name,
    limited: false,
    year: child ? await studentYear(ctx.db, child.student_id) : null,
    parent: { email: auth.email, children },
  };
}
