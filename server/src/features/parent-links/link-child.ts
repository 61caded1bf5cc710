import { and, eq, isNull } from 'drizzle-orm';
import { parentMessages, type ParentChild } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { parentLinks, students } from '../../db/schema.js';
import { AppError, badRequest } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { useFamilyCode } from '../../shared/family-codes.js';
import { childrenOf } from '../../shared/parent-children.js';
import { countLinkFailure, refuseAfterTooManyFailures } from './link-limits.js';
import { addLink, lockChild, refuseAlreadyLinked } from './link-rule.js';

type ParentActor = Extract<Actor, { kind: 'parent' }>;

/** The account's children it may act for (linked, not withdrawn), as the switcher lists them. */
export async function linkedChildren(
  ctx: AppContext,
  parentId: number,
): Promise<{ children: ParentChild[] }> {
  const rows = await ctx.db
    .select({ id: parentLinks.student_id })
    .from(parentLinks)
    .innerJoin(students, and(eq(students.id, parentLinks.student_id), isNull(students.withdrawn_at)))
    .where(eq(parentLinks.parent_id, parentId));
  return {
    children: await childrenOf(
      ctx.db,
      rows.map((r) => r.id),
    ),
  };
}

/** The child just linked, as the switcher shows it. */
export async function childCard(ctx: AppContext, studentId: string): Promise<ParentChild> {
  const [child] = await childrenOf(ctx.db, [studentId]);
  return child!;
}

/**
 * Links a child by its student ID and live family code (D50), in one transaction with the child's row locked:
 * the code is used up only when the link is made. Every wrong pair (unknown or withdrawn student, a used or
 * replaced code) says the same, and counts towards the failure limits.
 */
export async function linkByCode(
  ctx: AppContext,
  actor: ParentActor,
  input: { student_id: string; family_code: string },
): Promise<ParentChild> {
  const ip = actor.ip ?? '';
  await refuseAfterTooManyFailures(ctx, actor.parentId, ip);
  const linking = { parentId: actor.parentId, ip, how: 'code' as const, now: ctx.clock() };
  try {
    await ctx.db.transaction(async (tx) => {
      const child = await lockChild(tx, input.student_id);
      if (child) await refuseAlreadyLinked(tx, actor.parentId, child.id);
      if (!child || !(await useFamilyCode(tx, input.student_id, input.family_code)))
        throw badRequest(parentMessages.codeNotValid, 'family_code');
      await addLink(tx, child.id, linking);
    });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400)
      await countLinkFailure(ctx, actor.parentId, ip);
    throw error;
  }
  return childCard(ctx, input.student_id);
}
