import { asc, eq } from 'drizzle-orm';
import type { MailKind } from '@sp/domain';
import type { Db } from '../db/client.js';
import { confirmedAddresses, outbox, students } from '../db/schema.js';

/**
 * Gives a student's record a mother's and a father's address, the first confirmed (as the family would by
 * its link) unless `confirmed` is false; returns the two addresses.
 */
export async function familyAddresses(
  db: Db,
  studentId: string,
  { confirmed = true }: { confirmed?: boolean } = {},
): Promise<{ mother: string; father: string }> {
  const tag = studentId.toLowerCase();
  const mother = `mum.${tag}@example.com`;
  const father = `dad.${tag}@example.com`;
  await db
    .update(students)
    .set({ email_mother: mother, email_father: father })
    .where(eq(students.id, studentId));
  if (confirmed)
    await db
      .insert(confirmedAddresses)
      .values({ owner_kind: 'student', owner_id: studentId, address: mother, confirmed_at: new Date() });
  return { mother, father };
}

/** The outbox's e-mails of one kind, oldest first, as a reader of the mailbox would check them. */
export async function queued(db: Db, kind: MailKind) {
  const rows = await db.select().from(outbox).where(eq(outbox.kind, kind)).orderBy(asc(outbox.id));
  return rows.map((r) => ({
    to: r.to_address,
    studentId: r.student_id,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    headers: r.headers,
  }));
}
