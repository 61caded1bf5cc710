import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { confirmedAddresses, staffUsers, students } from '../db/schema.js';
import { DEMO_FIRST_NAMES } from './demo-names.js';

/** The administrator's own address, confirmed, so the staff "Forgot your password?" has somewhere to go. */
export const DEMO_ADMIN_EMAIL = 'office@demo-school.example.org';

/** Every fifth family has confirmed nothing yet: the demo shows both states (and a family to try it on). */
export const demoFamilyConfirmed = (i: number): boolean => i % 5 !== 0;

const mailbox = (first: string, last: string) =>
  `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + '@example.org';

/**
 * The demo families' e-mail (D52): most records hold a mother's address she has confirmed and a father's he
 * has not; a field the family already filled keeps its value. Non-routable addresses (example.org), caught
 * by the demo's own mail server anyway.
 */
export async function seedDemoContacts(ctx: AppContext): Promise<void> {
  const now = ctx.clock();
  const list = await ctx.db
    .select({ id: students.id, last: students.last_name, mother: students.email_mother })
    .from(students)
    .where(sql`${students.withdrawn_at} is null`)
    .orderBy(asc(students.id));
  const mothers = DEMO_FIRST_NAMES.Female;
  const fathers = DEMO_FIRST_NAMES.Male;
  const families = list
    .map((s, i) => ({
      id: s.id,
      mother: (s.mother ?? mailbox(mothers[(i * 3) % mothers.length]!, s.last)).trim().toLowerCase(),
      father: mailbox(fathers[(i * 7) % fathers.length]!, s.last),
      confirmed: demoFamilyConfirmed(i),
    }))
    .filter((f) => f.confirmed);
  if (families.length === 0) return;
  await ctx.db.transaction(async (tx) => {
    const values = sql.join(
      families.map((f) => sql`(${f.id}, ${f.mother}, ${f.father})`),
      sql`, `,
    );
    await tx.execute(sql`update students s set email_mother = v.mother,
        email_father = coalesce(s.email_father, v.father)
      from (values ${values}) as v(id, mother, father) where s.id = v.id`);
    await tx
      .insert(confirmedAddresses)
      .values(
        families.map((f) => ({
          owner_kind: 'student',
          owner_id: f.id,
          address: f.mother,
          confirmed_at: now,
        })),
      )
      .onConflictDoNothing();
    const [admin] = await tx
      .update(staffUsers)
      .set({ email: DEMO_ADMIN_EMAIL })
      .where(eq(staffUsers.username, 'admin'))
      .returning({ id: staffUsers.id });
    if (admin)
      await tx
        .insert(confirmedAddresses)
        .values({
          owner_kind: 'staff',
          owner_id: String(admin.id),
          address: DEMO_ADMIN_EMAIL,
          confirmed_at: now,
        })
        .onConflictDoNothing();
  });
}
