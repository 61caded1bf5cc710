import { and, eq, isNull } from 'drizzle-orm';
import { parentMessages, type ParentChild } from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { confirmedAddresses, students } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { normaliseAddress } from '../../mail/addresses.js';
import { HOUR_MS, refuseOverLimits } from '../../mail/limits.js';
import { queueMail } from '../../mail/outbox.js';
import { studentLanguage } from '../../mail/recipient-language.js';
import { renderMail, schoolBrand } from '../../mail/render.js';
import { createToken, linkNotValid, linkTo, peekToken, useToken } from '../../mail/tokens.js';
import type { Actor } from '../../plugins/auth.js';
import { childCard } from './link-child.js';
import { addLink, lockChild, refuseAlreadyLinked } from './link-rule.js';

/** Invitations one student (with their parents) may send in an hour. */
export const INVITES_PER_HOUR = 5;

type InviteField = 'email_mother' | 'email_father' | 'email_guardian';

/**
 * E-mails a single-use link (7 days) to a parent address of the record, only once that address is confirmed
 * for this student: the link links whoever opens it, so it must reach the family (D50).
 */
export async function sendInvite(ctx: AppContext, actor: Actor, studentId: string, field: InviteField) {
  const [student] = await ctx.db
    .select({ address: students[field], first: students.first_name, last: students.last_name })
    .from(students)
    .where(eq(students.id, studentId));
  const address = normaliseAddress(student?.address ?? '');
  const [confirmed] = address
    ? await ctx.db
        .select({ address: confirmedAddresses.address })
        .from(confirmedAddresses)
        .where(
          and(
            eq(confirmedAddresses.owner_kind, 'student'),
            eq(confirmedAddresses.owner_id, studentId),
            eq(confirmedAddresses.address, address),
          ),
        )
    : [];
  if (!student || !confirmed) throw badRequest(parentMessages.inviteNeedsConfirmed, 'field');
  await refuseOverLimits(ctx.db, [
    { key: `parent-invite:${studentId}`, max: INVITES_PER_HOUR, windowMs: HOUR_MS },
  ]);
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const owner = { kind: 'student' as const, id: studentId };
    const token = await createToken(tx, 'invite', { owner, address }, now);
    const data = { link: linkTo(ctx.config, '/parent/invite', token), childName: student.first };
    // The invited address is the record's: written to in the student's language.
    const language = await studentLanguage(tx, studentId);
    const rendered = renderMail('parent_invite', data, await schoolBrand(tx, ctx.config), { language });
    await queueMail(tx, [{ kind: 'parent_invite', to: address, studentId, ...rendered }], now);
    await writeAudit(tx, {
      action: 'parent_invite',
      ...auditActor(actor),
      studentId,
      field,
      newValue: address,
      at: now,
    });
  });
  return { message: parentMessages.inviteSent };
}

/** What an invitation would link, without using it: the child's first name only (the page is public). */
export async function inviteState(ctx: AppContext, token: string) {
  const grant = await peekToken(ctx.db, token, 'invite', ctx.clock());
  const [child] = grant
    ? await ctx.db
        .select({ first: students.first_name })
        .from(students)
        .where(and(eq(students.id, grant.owner.id), isNull(students.withdrawn_at)))
    : [];
  return { valid: Boolean(child), first_name: child?.first ?? null };
}

/** Accepts an invitation for the signed-in parent: the token is used only when the link is made. */
export async function acceptInvite(
  ctx: AppContext,
  actor: Extract<Actor, { kind: 'parent' }>,
  token: string,
): Promise<ParentChild> {
  const linking = { parentId: actor.parentId, ip: actor.ip ?? '', how: 'invite' as const, now: ctx.clock() };
  const studentId = await ctx.db.transaction(async (tx) => {
    const grant = await useToken(tx, token, 'invite', linking.now);
    const child = grant?.owner.kind === 'student' ? await lockChild(tx, grant.owner.id) : null;
    if (!child) throw badRequest(linkNotValid, 'token');
    await refuseAlreadyLinked(tx, actor.parentId, child.id);
    await addLink(tx, child.id, linking);
    return child.id;
  });
  return childCard(ctx, studentId);
}
