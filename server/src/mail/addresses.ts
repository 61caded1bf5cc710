import {
  CONTACT_FIELDS,
  storedLanguage,
  type ContactField,
  type Language,
  type NotificationKind,
} from '@sp/domain';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';

/** Addresses are compared and stored lower-cased and trimmed. */
export const normaliseAddress = (address: string): string => address.trim().toLowerCase();

export interface StudentAddress {
  studentId: string;
  field: ContactField;
  address: string;
  confirmed: boolean;
  /** The language its e-mails are written in: the record's student's, or the parent account's (null: English). */
  language: Language | null;
}

/** A notification's recipient: an address of the record, or a linked parent account's ("Parent account"). */
export interface Recipient extends Omit<StudentAddress, 'field'> {
  field: ContactField | 'parent_account';
}

/**
 * The e-mail addresses a student's record holds now, one row per field with an address, and whether each was
 * confirmed (D52). A confirmation counts only while the record still holds that address, so an address
 * changed by the family or the office must be confirmed again. The same address in two fields comes once.
 * With `kind`, the recipients of a notification: the confirmed addresses and the linked, active, confirmed
 * parent accounts (D50), each address once per student, less those that unsubscribed from the kind. Link
 * e-mails (a password reset) ask without `kind`: they go to the record's own addresses only.
 */
export async function studentAddresses(tx: Tx | Db, studentIds: readonly string[]): Promise<StudentAddress[]>;
export async function studentAddresses(
  tx: Tx | Db,
  studentIds: readonly string[],
  options: { kind: NotificationKind },
): Promise<Recipient[]>;
export async function studentAddresses(
  tx: Tx | Db,
  studentIds: readonly string[],
  options: { kind?: NotificationKind } = {},
): Promise<Recipient[]> {
  if (studentIds.length === 0) return [];
  const ids = sql`(select unnest(${sql.param(studentIds)}::text[]))`;
  const columns = sql.join(
    CONTACT_FIELDS.map((f) => sql`(${f}, s.${sql.identifier(f)})`),
    sql`, `,
  );
  const parentAccounts = options.kind
    ? sql`union all
        select l.student_id, 'parent_account', lower(trim(p.email)), true, p.language
        from parent_links l join parents p on p.id = l.parent_id
        where l.student_id in ${ids} and p.active and p.confirmed_at is not null`
    : sql``;
  const onlyRecipients = options.kind
    ? sql`and a.confirmed and not exists (
        select 1 from mail_unsubscribes u where u.address = a.address and u.kind = ${options.kind})`
    : sql``;
  // Where a parent account's address is also on the record, the record's field names it.
  const result = await tx.execute(
    sql`select distinct on (a.student_id, a.address) a.student_id, a.field, a.address, a.confirmed, a.language
        from (
          select r.student_id, r.field, r.address, c.address is not null as confirmed, r.language
          from (
            select s.id as student_id, f.field, lower(trim(f.value)) as address, s.language
            from students s cross join lateral (values ${columns}) as f(field, value)
            where s.id in ${ids} and coalesce(trim(f.value), '') <> ''
          ) r
          left join confirmed_addresses c
            on c.owner_kind = 'student' and c.owner_id = r.student_id and c.address = r.address
          ${parentAccounts}
        ) a
        where true ${onlyRecipients}
        order by a.student_id, a.address, a.field = 'parent_account', a.field`,
  );
  const { rows } = result as {
    rows: {
      student_id: string;
      field: Recipient['field'];
      address: string;
      confirmed: boolean;
      language: string | null;
    }[];
  };
  return rows.map((r) => ({
    studentId: r.student_id,
    field: r.field,
    address: r.address,
    confirmed: r.confirmed,
    language: storedLanguage(r.language),
  }));
}
