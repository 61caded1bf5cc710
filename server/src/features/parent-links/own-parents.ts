import { asc, eq } from 'drizzle-orm';
import { MAX_PARENTS_PER_CHILD } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { parentLinks, parents } from '../../db/schema.js';

/** The parents linked to a student, for the family's own page: names and when only (no addresses). */
export async function ownParents(ctx: AppContext, studentId: string) {
  const rows = await ctx.db
    .select({ name: parents.name, linked_at: parentLinks.linked_at })
    .from(parentLinks)
    .innerJoin(parents, eq(parents.id, parentLinks.parent_id))
    .where(eq(parentLinks.student_id, studentId))
    .orderBy(asc(parentLinks.linked_at), asc(parents.id));
  return {
    parents: rows.map((r) => ({ name: r.name, linked_at: r.linked_at.toISOString() })),
    max_parents: MAX_PARENTS_PER_CHILD,
  };
}
