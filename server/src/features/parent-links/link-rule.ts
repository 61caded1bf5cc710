import { and, count, eq } from 'drizzle-orm';
import { MAX_PARENTS_PER_CHILD, parentMessages } from '@sp/domain';
import { writeAudit } from '../../audit/audit.js';
import type { Tx } from '../../db/client.js';
import { parentLinks, students } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/** The parent account linking, and how it proved it may (D50). */
export interface Linking {
  parentId: number;
  ip: string;
  how: 'code' | 'invite';
  now: Date;
}

const conflict = (message: string) => new AppError(409, message);

/**
 * Locks the child's row for the linking transaction, so two parents linking the same child at once are counted
 * one after the other (the limit of four holds). Null for an unknown or withdrawn student.
 */
export async function lockChild(tx: Tx, studentId: string) {
  const [child] = await tx
    .select({ id: students.id, withdrawn_at: students.withdrawn_at })
    .from(students)
    .where(eq(students.id, studentId))
    .for('update');
  return child && !child.withdrawn_at ? child : null;
}

/** 409 when the account already has this child: asked before the proof is used, so it stays usable. */
export async function refuseAlreadyLinked(tx: Tx, parentId: number, studentId: string) {
  const [row] = await tx
    .select({ id: parentLinks.parent_id })
    .from(parentLinks)
    .where(and(eq(parentLinks.parent_id, parentId), eq(parentLinks.student_id, studentId)));
  if (row) throw conflict(parentMessages.alreadyLinked);
}

/**
 * Adds the link once the proof was used (in the same transaction, with the child's row locked): 409 when four
 * parents are linked already, and the whole transaction, the used proof with it, is rolled back.
 */
export async function addLink(tx: Tx, studentId: string, linking: Linking): Promise<void> {
  const [linked] = await tx
    .select({ n: count() })
    .from(parentLinks)
    .where(eq(parentLinks.student_id, studentId));
  if ((linked?.n ?? 0) >= MAX_PARENTS_PER_CHILD) throw conflict(parentMessages.tooManyParents);
  await tx.insert(parentLinks).values({
    parent_id: linking.parentId,
    student_id: studentId,
    linked_at: linking.now,
    how: linking.how,
  });
  await writeAudit(tx, {
    action: 'parent_link',
    actorKind: 'parent',
    actorId: String(linking.parentId),
    studentId,
    newValue: linking.how,
    ip: linking.ip,
    at: linking.now,
  });
}
