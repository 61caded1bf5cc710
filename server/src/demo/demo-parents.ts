import { isNull } from 'drizzle-orm';
import type { Language } from '@sp/domain';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import { confirmedAddresses, parentLinks, parents, students } from '../db/schema.js';
import { ensureFamilyCodes } from '../shared/family-codes.js';
import { hashPassword } from '../shared/passwords.js';

/**
 * The demo's parent account (D50): a mother of two, one child in the Form 1 intake three steps into
 * registration (1B, the demo form teacher's class), one in Form 4 whose last year's term 2 report card is
 * posted. The children keep their own sign-in; linking changes nothing on their records.
 */
export const DEMO_PARENT = {
  name: 'Mrs Ali',
  email: 'parent@demo-school.example.org',
  password: 'Parent-demo-2026',
  children: ['2026066', '2026037'],
} as const;

/** A confirmed demo parent account linked to its children (how: demo), in `language` if given. */
export async function addDemoParent(
  tx: Tx,
  account: { name: string; email: string; password: string; children: readonly string[] },
  { language = null, now }: { language?: Language | null; now: Date },
): Promise<void> {
  const [parent] = await tx
    .insert(parents)
    .values({
      name: account.name,
      email: account.email,
      password_hash: await hashPassword(account.password),
      confirmed_at: now,
      created_at: now,
      language,
    })
    .returning({ id: parents.id });
  await tx.insert(parentLinks).values(
    account.children.map((student_id) => ({
      parent_id: parent!.id,
      student_id,
      linked_at: now,
      how: 'demo',
    })),
  );
  await tx.insert(confirmedAddresses).values({
    owner_kind: 'parent',
    owner_id: String(parent!.id),
    address: account.email,
    confirmed_at: now,
  });
}

/**
 * The parent account, confirmed and linked to its two children as the demo seeds them (how: demo), and a live
 * family code for every enrolled student, so the staff pages, letters and registration forms show one.
 */
export async function seedDemoParents(ctx: AppContext): Promise<void> {
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    await addDemoParent(tx, DEMO_PARENT, { now });
    const enrolled = await tx.select({ id: students.id }).from(students).where(isNull(students.withdrawn_at));
    await ensureFamilyCodes(
      tx,
      enrolled.map((s) => s.id),
      null,
      now,
    );
  });
}
