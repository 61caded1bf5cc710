import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type ContactAddress, type ContactField } from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { confirmedAddresses, parents, students } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { normaliseAddress, studentAddresses } from '../../mail/addresses.js';
import { linkNotValid, useToken, type TokenOwner } from '../../mail/tokens.js';
import { actorOf } from '../../plugins/auth.js';
import { queueConfirmLink, refuseTooManyConfirmLinks } from './send-confirm-link.js';

const LABELS: Record<ContactField, string> = {
  email: 'Student',
  email_mother: 'Mother',
  email_father: 'Father',
  email_guardian: 'Guardian',
};

export const noAddressInField = 'This address is empty. Add it to the record first.';

/** The student's record addresses, each once, and whether it was confirmed for this student (D52). */
export async function studentContacts(
  ctx: AppContext,
  studentId: string,
): Promise<{ addresses: ContactAddress[] }> {
  const rows = await studentAddresses(ctx.db, [studentId]);
  return {
    addresses: rows.map((r) => ({
      field: r.field,
      label: LABELS[r.field],
      address: r.address,
      confirmed: r.confirmed,
    })),
  };
}

/** E-mails a confirmation link to the address the record holds in `field` now; audited. */
export async function sendStudentConfirmLink(
  ctx: AppContext,
  request: FastifyRequest,
  studentId: string,
  field: ContactField,
): Promise<{ addresses: ContactAddress[] }> {
  const [student] = await ctx.db
    .select({ address: students[field], first: students.first_name, last: students.last_name })
    .from(students)
    .where(eq(students.id, studentId));
  const address = normaliseAddress(student?.address ?? '');
  if (!student || address === '') throw badRequest(noAddressInField, 'field');
  await refuseTooManyConfirmLinks(ctx, { kind: 'student', id: studentId });
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const link = { owner: { kind: 'student' as const, id: studentId }, address, studentId };
    await queueConfirmLink(ctx, tx, { ...link, whose: `${student.first} ${student.last}` }, now);
    await writeAudit(tx, {
      action: 'address_confirm_link',
      // The student, or a linked parent acting for them (D50).
      ...auditActor(actorOf(request)),
      studentId,
      field,
      newValue: address,
      at: now,
    });
  });
  return studentContacts(ctx, studentId);
}

/**
 * Opening a confirmation link: the address becomes the owner's (once, however often it is confirmed). A link
 * to an address the record has since dropped is still used, but the confirmation counts for nothing: only
 * addresses the record holds are ever read with it.
 */
export async function confirmAddress(
  ctx: AppContext,
  request: FastifyRequest,
  token: string,
): Promise<{ address: string; kind: TokenOwner['kind'] }> {
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const grant = await useToken(tx, token, 'confirm', now);
    if (!grant) throw badRequest(linkNotValid, 'token');
    const { owner, address } = grant;
    // A parent account (D50) may sign in once its own address is confirmed (still the account's address).
    if (owner.kind === 'parent')
      await tx
        .update(parents)
        .set({ confirmed_at: now })
        .where(
          and(eq(parents.id, Number(owner.id)), eq(parents.email, address), isNull(parents.confirmed_at)),
        );
    await tx
      .insert(confirmedAddresses)
      .values({ owner_kind: owner.kind, owner_id: owner.id, address, confirmed_at: now })
      .onConflictDoNothing();
    await writeAudit(tx, {
      action: 'address_confirm',
      actorKind: 'anonymous',
      actorId: owner.id,
      studentId: owner.kind === 'student' ? owner.id : null,
      newValue: address,
      ip: request.ip,
      at: now,
      detail: { owner_kind: owner.kind, owner_id: owner.id },
    });
    return { address, kind: owner.kind };
  });
}
