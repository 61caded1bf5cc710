import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { HOUR_MS, refuseOverLimits } from '../../mail/limits.js';
import { queueMail } from '../../mail/outbox.js';
import { studentLanguage } from '../../mail/recipient-language.js';
import { renderMail, schoolBrand } from '../../mail/render.js';
import { createToken, linkTo, type TokenOwner } from '../../mail/tokens.js';

/** Confirmation links one owner may ask for in an hour (the family's page, a staff member's own address). */
export const CONFIRM_LINKS_PER_HOUR = 5;

/** 429 once an owner has asked for too many confirmation links this hour; counted before any work. */
export const refuseTooManyConfirmLinks = (ctx: AppContext, owner: TokenOwner) =>
  refuseOverLimits(ctx.db, [
    { key: `confirm-link-${owner.kind}:${owner.id}`, max: CONFIRM_LINKS_PER_HOUR, windowMs: HOUR_MS },
  ]);

const KIND = 'confirm_address';

/**
 * A single-use confirmation link (7 days) to `address`, queued in the caller's transaction: the address counts
 * as the owner's once the link is opened, and only while the record (or the staff account) still holds it.
 */
export async function queueConfirmLink(
  ctx: AppContext,
  tx: Tx,
  link: { owner: TokenOwner; address: string; whose: string; studentId: string | null },
  now: Date,
): Promise<void> {
  const token = await createToken(tx, 'confirm', { owner: link.owner, address: link.address }, now);
  // A record's address is written to in the student's language; a staff member's own, in English.
  const language = link.owner.kind === 'student' ? await studentLanguage(tx, link.owner.id) : null;
  const rendered = renderMail(
    KIND,
    { link: linkTo(ctx.config, '/confirm-email', token), whose: link.whose },
    await schoolBrand(tx, ctx.config),
    { language },
  );
  await queueMail(tx, [{ kind: KIND, to: link.address, studentId: link.studentId, ...rendered }], now);
}
