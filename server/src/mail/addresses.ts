import { CONTACT_FIELDS, type ContactField, type NotificationKind } from '@sp/domain';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';

/** Addresses are compared and stored lower-cased and trimmed. */
export const normaliseAddress = (address: string): string => address.trim().toLowerCase();

export interface StudentAddress {
  studentId: string;
  field: ContactField;
  address: string;
  confirmed: boolean;
}

/**
 * The e-mail addresses a student's record holds now, one row per field with an address, and whether each was
 * confirmed (D52). A confirmation counts only while the record still holds that address, so an address
 * changed by the family or the office must be confirmed again. The same address in two fields comes once.
 * With `kind`, only confirmed addresses that did not unsubscribe from it: the recipients of a notification.
 */
export async function studentAddresses(
  tx: Tx | Db,
  studentIds: readonly string[],
  options: { kind?: NotificationKind } = {},
): Promise<StudentAddress[]> {
  if (studentIds.length === 0) return [];
  const columns = sql.join(
    CONTACT_FIELDS.map((f) => sql`(${f}, s.${sql.identifier(f)})`),
    sql`, `,
  );
  const onlyRecipients = options.kind
    ? sql`and c.address is not null and not exists (
        select 1 from mail_unsubscribes u where u.address = a.address and u.kind = ${options.kind})`
    : sql``;
  const result = await tx.execute(
    sql`select distinct on (a.student_id, a.address) a.student_id, a.field, a.address, c.address is not null as confirmed
        from (
          select s.id as student_id, f.field, lower(trim(f.value)) as address
          from students s cross join lateral (values ${columns}) as f(field, value)
          where s.id in (select unnest(${sql.param(studentIds)}::text[])) and coalesce(trim(f.value), '') <> ''
        ) a
        left join confirmed_addresses c
          on c.owner_kind = 'student' and c.owner_id = a.student_id and c.address = a.address
        where true ${onlyRecipients}
        order by a.student_id, a.address, a.field`,
  );
  const { rows } = result as {
    rows: { student_id: string; field: ContactField; address: string; confirmed: boolean }[];
  };
  return rows.map((r) => ({
    studentId: r.student_id,
    field: r.field,
    address: r.address,
    confirmed: r.confirmed,
  }));
}
