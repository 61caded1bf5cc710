import { inArray } from 'drizzle-orm';
import type { NotificationKind } from '@sp/domain';
import type { Config } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import { students } from '../db/schema.js';
import { studentAddresses } from './addresses.js';
import { queueMail, type OutgoingMail } from './outbox.js';
import { renderMail, schoolBrand, type MailData } from './render.js';
import { unsubscribeParts } from './unsubscribe.js';

/** What a notification needs from the running app: the school's settings and the unsubscribe key. */
export interface NotifyContext {
  config: Pick<Config, 'SCHOOL_NAME' | 'PUBLIC_URL' | 'PORT'>;
  mailKey: Buffer;
}

/** E-mails rendered between two yields to the event loop (about 15 ms of work). */
const RENDER_SLICE = 500;

/** A student the notification is about, as its e-mail names them. */
export interface NotifiedStudent {
  id: string;
  /** "First Last" */
  name: string;
}

/**
 * One notification e-mail per recipient address of each student (D52): confirmed, not unsubscribed from this
 * kind. Set-based: two queries whatever the number of students, then rendering in memory. Returns the rows,
 * ready for queueMail in the event's own transaction.
 */
export async function notificationMails<K extends NotificationKind>(
  tx: Tx | Db,
  ctx: NotifyContext,
  kind: K,
  studentIds: readonly string[],
  dataFor: (student: NotifiedStudent, baseUrl: string) => MailData[K],
): Promise<OutgoingMail[]> {
  const recipients = await studentAddresses(tx, studentIds, { kind });
  if (recipients.length === 0) return [];
  const ids = [...new Set(recipients.map((r) => r.studentId))];
  const names = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await tx
      .select({ id: students.id, first: students.first_name, last: students.last_name })
      .from(students)
      .where(inArray(students.id, ids.slice(i, i + 5000)));
    for (const r of rows) names.set(r.id, `${r.first} ${r.last}`);
  }
  const brand = await schoolBrand(tx, ctx.config);
  const data = new Map<string, MailData[K]>();
  const mails: OutgoingMail[] = [];
  for (const [i, r] of recipients.entries()) {
    // A whole school's e-mails render in slices, so other requests are answered in between.
    if (i > 0 && i % RENDER_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    let d = data.get(r.studentId);
    if (!d)
      data.set(
        r.studentId,
        (d = dataFor({ id: r.studentId, name: names.get(r.studentId) ?? '' }, brand.url)),
      );
    const { link, headers } = unsubscribeParts(brand.url, ctx.mailKey, r.address, kind);
    mails.push({
      kind,
      to: r.address,
      studentId: r.studentId,
      headers,
      // Each address in its account's language: the student's for the record's, a parent's own for theirs.
      ...renderMail(kind, d, brand, { unsubscribeLink: link, language: r.language }),
    });
  }
  return mails;
}

/** notificationMails, queued in the caller's transaction; the number of e-mails queued. */
export async function notifyStudents<K extends NotificationKind>(
  tx: Tx | Db,
  ctx: NotifyContext,
  kind: K,
  studentIds: readonly string[],
  dataFor: (student: NotifiedStudent, baseUrl: string) => MailData[K],
  now: Date,
): Promise<number> {
  const mails = await notificationMails(tx, ctx, kind, studentIds, dataFor);
  await queueMail(tx, mails, now);
  return mails.length;
}

/**
 * "A report card is ready" to the families of the students a posting gives a card to (D52): a posting by
 * hand or a scheduled release, in its transaction. Those it leaves out are not named here.
 */
export function notifyReportCards(
  tx: Tx | Db,
  ctx: NotifyContext,
  term: { year: number; term: number },
  studentIds: readonly string[],
  now: Date,
): Promise<number> {
  return notifyStudents(
    tx,
    ctx,
    'report_cards_posted',
    studentIds,
    (s, url) => ({ studentName: s.name, term, link: `${url}/term-reports` }),
    now,
  );
}
