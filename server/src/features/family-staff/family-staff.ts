import { and, asc, count, eq } from 'drizzle-orm';
import { MAX_PARENTS_PER_CHILD, messages, type LinkedParent, type StudentParents } from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { parentLinks, parents, students } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { endParentSessions } from '../../plugins/session.js';
import { ensureFamilyCodes, reissueFamilyCode } from '../../shared/family-codes.js';
import { useOwnerTokens } from '../../mail/tokens.js';

export const familyStaffMessages = {
  noParent: 'No parent account with that number.',
  notLinked: 'That parent account is not linked to this student.',
  full: `${MAX_PARENTS_PER_CHILD} parent accounts are linked to this student: unlink one before issuing a code.`,
} as const;

const accountColumns = {
  parent_id: parents.id,
  name: parents.name,
  email: parents.email,
  last_login_at: parents.last_login_at,
  active: parents.active,
};

interface Account {
  parent_id: number;
  name: string;
  email: string;
  last_login_at: Date | null;
  active: boolean;
}
const asAccount = (r: Account) => ({ ...r, last_login_at: r.last_login_at?.toISOString() ?? null });

/** 404 unless the student exists; staff reach withdrawn students too. */
async function assertStudent(db: Db | Tx, studentId: string): Promise<void> {
  const [row] = await db.select({ id: students.id }).from(students).where(eq(students.id, studentId));
  if (!row) throw notFound(messages.noStudent);
}

/** A student's linked parent accounts and the live family code, made when missing (D50). */
export async function studentParents(
  ctx: AppContext,
  actor: Actor,
  studentId: string,
): Promise<StudentParents> {
  await assertStudent(ctx.db, studentId);
  const rows = await ctx.db
    .select({ ...accountColumns, linked_at: parentLinks.linked_at, how: parentLinks.how })
    .from(parentLinks)
    .innerJoin(parents, eq(parents.id, parentLinks.parent_id))
    .where(eq(parentLinks.student_id, studentId))
    .orderBy(asc(parentLinks.linked_at), asc(parents.id));
  const codes = await ensureFamilyCodes(ctx.db, [studentId], actor.id, ctx.clock());
  const code = codes.get(studentId);
  return {
    parents: rows.map(({ linked_at, how, ...r }): LinkedParent => ({
      ...asAccount(r),
      linked_at: linked_at.toISOString(),
      how: how as LinkedParent['how'],
    })),
    family_code: code ? { code: code.code, issued_at: code.issued_at.toISOString() } : null,
    max_parents: MAX_PARENTS_PER_CHILD,
  };
}

/** A new family code: the old one stops working at once. Refused while four parents are linked. */
export async function issueFamilyCode(ctx: AppContext, actor: Actor, studentId: string) {
  return ctx.db.transaction(async (tx) => {
    // Locked, so a parent linking at this moment is counted before the code is replaced.
    const [student] = await tx
      .select({ id: students.id })
      .from(students)
      .where(eq(students.id, studentId))
      .for('update');
    if (!student) throw notFound(messages.noStudent);
    const [linked] = await tx
      .select({ n: count() })
      .from(parentLinks)
      .where(eq(parentLinks.student_id, studentId));
    if (linked!.n >= MAX_PARENTS_PER_CHILD) throw new AppError(409, familyStaffMessages.full);
    const now = ctx.clock();
    const code = await reissueFamilyCode(tx, studentId, actor.id, now);
    // The code itself stays out of the log: the audit trail is read more widely than the record.
    await writeAudit(tx, { action: 'family_code_issue', ...auditActor(actor), studentId, at: now });
    return { code, issued_at: now.toISOString() };
  });
}

/** Staff unlink a parent from a student: the parent's next request for that child is refused. */
export async function unlinkParent(ctx: AppContext, actor: Actor, studentId: string, parentId: number) {
  await ctx.db.transaction(async (tx) => {
    await assertStudent(tx, studentId);
    const [gone] = await tx
      .delete(parentLinks)
      .where(and(eq(parentLinks.student_id, studentId), eq(parentLinks.parent_id, parentId)))
      .returning({ how: parentLinks.how });
    if (!gone) throw notFound(familyStaffMessages.notLinked);
    const [account] = await tx
      .select({ name: parents.name, email: parents.email })
      .from(parents)
      .where(eq(parents.id, parentId));
    // The unlinked parent may hold the live code (it is on every registration form a family prints) or an
    // invitation: both stop working, so the link cannot be made again without the school or the family.
    const now = ctx.clock();
    await reissueFamilyCode(tx, studentId, actor.id, now);
    await useOwnerTokens(tx, { kind: 'student', id: studentId }, 'invite', now);
    await writeAudit(tx, {
      action: 'parent_unlink',
      ...auditActor(actor),
      studentId,
      detail: { parent_id: parentId, name: account?.name, email: account?.email, new_family_code: true },
      at: now,
    });
  });
}

/** Turns a parent account off (its sessions end at once) or on again. */
export async function setParentActive(ctx: AppContext, actor: Actor, parentId: number, active: boolean) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(parents)
      .set({ active })
      .where(eq(parents.id, parentId))
      .returning(accountColumns);
    if (!row) throw notFound(familyStaffMessages.noParent);
    if (!active) await endParentSessions(tx, parentId);
    // A row in each linked child's history, where staff look for what happened to the family's access.
    const children = await tx
      .select({ id: parentLinks.student_id })
      .from(parentLinks)
      .where(eq(parentLinks.parent_id, parentId));
    const entry = {
      action: 'parent_active' as const,
      ...auditActor(actor),
      newValue: active ? 'on' : 'off',
      detail: { parent_id: parentId, name: row.name, email: row.email },
      at: ctx.clock(),
    };
    await writeAudit(tx, children.length ? children.map((c) => ({ ...entry, studentId: c.id })) : [entry]);
    return asAccount(row);
  });
}
