import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  OUTBOX_PAGE_SIZE,
  NOTIFICATION_KINDS,
  OUTBOX_STATUSES,
  type MailKind,
  type OutboxMessage,
  type OutboxPage,
  type OutboxRow,
  type OutboxStatus,
} from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { outbox, staffUsers } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Tx } from '../../db/client.js';
import { normaliseAddress, studentAddresses } from '../../mail/addresses.js';
import { queueMail } from '../../mail/outbox.js';
import { renderMail, schoolBrand } from '../../mail/render.js';
import type { Actor } from '../../plugins/auth.js';

export const outboxMessages = {
  notFound: 'There is no such e-mail in the outbox.',
  alreadySent: 'This e-mail has been sent.',
  notResendable: 'Only a failed or unsent e-mail can be sent again.',
  linkNotResent:
    'A link is not sent again: ask for a new one from the sign-in page or the E-mail addresses page.',
  noLongerRecipient:
    'This address no longer gets this kind of e-mail: it has unsubscribed, or the record no longer holds it confirmed.',
};

/** E-mails that carry a live single-use link (D52): whoever reads the outbox must not be able to use it. */
const LINK_KINDS: readonly MailKind[] = [
  'confirm_address',
  'password_reset_link',
  'staff_password_reset_link',
  'parent_confirm',
  'parent_password_reset_link',
];
const isLinkKind = (kind: string) => (LINK_KINDS as readonly string[]).includes(kind);
const hideTokens = (body: string) => body.replace(/token=[^\s"'<>&]+/g, 'token=[hidden]');

const rowColumns = {
  id: outbox.id,
  kind: outbox.kind,
  to_address: outbox.to_address,
  student_id: outbox.student_id,
  subject: outbox.subject,
  status: outbox.status,
  attempts: outbox.attempts,
  last_error: outbox.last_error,
  created_at: outbox.created_at,
  sent_at: outbox.sent_at,
  next_attempt_at: outbox.next_attempt_at,
};

type Stored = Pick<typeof outbox.$inferSelect, keyof typeof rowColumns>;

const asRow = (r: Stored): OutboxRow => ({
  ...r,
  kind: r.kind as OutboxRow['kind'],
  status: r.status as OutboxStatus,
  created_at: r.created_at.toISOString(),
  sent_at: r.sent_at?.toISOString() ?? null,
  next_attempt_at: r.next_attempt_at.toISOString(),
});

/** The Outbox panel's page (D52): newest first, with the count of each status and whether mail can go out. */
export async function outboxPage(
  ctx: AppContext,
  query: { status?: OutboxStatus | undefined; page: number },
): Promise<OutboxPage> {
  const where = query.status ? eq(outbox.status, query.status) : undefined;
  const [rows, grouped] = await Promise.all([
    ctx.db
      .select(rowColumns)
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.id))
      .limit(OUTBOX_PAGE_SIZE)
      .offset((query.page - 1) * OUTBOX_PAGE_SIZE),
    ctx.db.select({ status: outbox.status, n: count() }).from(outbox).groupBy(outbox.status),
  ]);
  const counts = Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, 0])) as Record<OutboxStatus, number>;
  for (const g of grouped) if (g.status in counts) counts[g.status as OutboxStatus] = g.n;
  const total = query.status ? counts[query.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  return { rows: rows.map(asRow), total, counts, configured: Boolean(ctx.config.SMTP_URL) };
}

/** One message with what it says, for the preview. */
export async function outboxMessage(ctx: AppContext, id: number): Promise<OutboxMessage> {
  const [row] = await ctx.db
    .select({ ...rowColumns, text: outbox.text_body, html: outbox.html_body, headers: outbox.headers })
    .from(outbox)
    .where(eq(outbox.id, id));
  if (!row) throw notFound(outboxMessages.notFound);
  const { text, html, headers, ...rest } = row;
  if (isLinkKind(rest.kind))
    return { ...asRow(rest), text: hideTokens(text), html: hideTokens(html), headers };
  return { ...asRow(rest), text, html, headers };
}

/**
 * Why a message must not go out again now, or null. A link may have expired or been used (a new one is asked
 * for instead), and a notification goes only to an address that still receives that kind (D52).
 */
async function resendRefusal(tx: Tx, id: number): Promise<string | null> {
  const [found] = await tx
    .select({ status: outbox.status, kind: outbox.kind, to: outbox.to_address, studentId: outbox.student_id })
    .from(outbox)
    .where(eq(outbox.id, id));
  if (!found) throw notFound(outboxMessages.notFound);
  if (found.status === 'sent') return outboxMessages.alreadySent;
  if (found.status !== 'failed' && found.status !== 'unsent') return outboxMessages.notResendable;
  if (isLinkKind(found.kind)) return outboxMessages.linkNotResent;
  const kind = NOTIFICATION_KINDS.find((k) => k === found.kind);
  if (!kind || !found.studentId) return null;
  const recipients = await studentAddresses(tx, [found.studentId], { kind });
  const to = normaliseAddress(found.to);
  return recipients.some((r) => r.address === to) ? null : outboxMessages.noLongerRecipient;
}

/** A failed or unsent message goes back in the queue with its attempts counted afresh; audited. */
export async function resendMail(ctx: AppContext, actor: Actor, id: number): Promise<OutboxRow> {
  return ctx.db.transaction(async (tx) => {
    const refusal = await resendRefusal(tx, id);
    if (refusal) throw new AppError(409, refusal);
    const now = ctx.clock();
    const [row] = await tx
      .update(outbox)
      .set({ status: 'queued', attempts: 0, next_attempt_at: now, last_error: null })
      .where(and(eq(outbox.id, id), inArray(outbox.status, ['failed', 'unsent'])))
      .returning(rowColumns);
    // Another admin queued it between the check and now.
    if (!row) throw new AppError(409, outboxMessages.notResendable);
    await writeAudit(tx, {
      action: 'mail_resend',
      ...auditActor(actor),
      studentId: row.student_id,
      detail: { outbox_id: row.id, kind: row.kind, to: row.to_address },
      at: now,
    });
    return asRow(row);
  });
}

/** A test e-mail from Settings, queued through the outbox like any other, so the panel shows how it went. */
export async function sendTestEmail(ctx: AppContext, actor: Actor, to: string): Promise<OutboxRow> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const [staff] =
      actor.kind === 'staff'
        ? await tx
            .select({ name: staffUsers.full_name })
            .from(staffUsers)
            .where(eq(staffUsers.id, actor.userId))
        : [];
    const mail = renderMail('test', { sentBy: staff?.name ?? actor.id }, await schoolBrand(tx, ctx.config));
    await queueMail(tx, [{ kind: 'test', to, ...mail }], now);
    const [row] = await tx
      .select(rowColumns)
      .from(outbox)
      .where(and(eq(outbox.kind, 'test'), eq(outbox.to_address, to)))
      .orderBy(desc(outbox.id))
      .limit(1);
    return asRow(row!);
  });
}
