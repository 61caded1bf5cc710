import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { FAMILY_CODE_ALPHABET, FAMILY_CODE_LENGTH, MAX_PARENTS_PER_CHILD } from '@sp/domain';
import type { Db, Tx } from '../db/client.js';
import { familyCodes, parentLinks } from '../db/schema.js';

/** A new random code, XXXX-XXXX (D50). */
export function newFamilyCode(): string {
  let code = '';
  for (let i = 0; i < FAMILY_CODE_LENGTH; i++)
    code += FAMILY_CODE_ALPHABET[randomInt(FAMILY_CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

type Handle = Db | Tx;

/**
 * The live code of each student that may still gain a parent (fewer than four linked), made where missing:
 * staff see them, and the registration form and the class letter print them. Students with four parents get
 * none. A made code's rare clash with another student's is made again.
 */
export async function ensureFamilyCodes(
  db: Handle,
  studentIds: readonly string[],
  issuedBy: string | null,
  now: Date,
): Promise<Map<string, { code: string; issued_at: Date }>> {
  const ids = [...new Set(studentIds)];
  if (ids.length === 0) return new Map();
  const full = await db
    .select({ id: parentLinks.student_id })
    .from(parentLinks)
    .where(inArray(parentLinks.student_id, ids))
    .groupBy(parentLinks.student_id)
    .having(sql`count(*) >= ${MAX_PARENTS_PER_CHILD}`);
  const open = ids.filter((id) => !full.some((f) => f.id === id));
  for (let attempt = 0; attempt < 3 && open.length > 0; attempt++) {
    await db
      .insert(familyCodes)
      .values(
        open.map((student_id) => ({
          student_id,
          code: newFamilyCode(),
          issued_at: now,
          issued_by: issuedBy,
        })),
      )
      .onConflictDoNothing();
    const have = await codesOf(db, open);
    if (have.size === open.length) return have;
  }
  return codesOf(db, open);
}

async function codesOf(db: Handle, ids: readonly string[]) {
  const rows = await db
    .select()
    .from(familyCodes)
    .where(inArray(familyCodes.student_id, [...ids]));
  return new Map(rows.map((r) => [r.student_id, { code: r.code, issued_at: r.issued_at }]));
}

/** Staff issue a new code: the old one stops working at once. */
export async function reissueFamilyCode(
  db: Handle,
  studentId: string,
  issuedBy: string,
  now: Date,
): Promise<string> {
  for (;;) {
    const code = newFamilyCode();
    const [row] = await db
      .insert(familyCodes)
      .values({ student_id: studentId, code, issued_at: now, issued_by: issuedBy })
      .onConflictDoUpdate({
        target: familyCodes.student_id,
        set: { code, issued_at: now, issued_by: issuedBy },
      })
      .returning({ code: familyCodes.code })
      .catch((error: unknown) => {
        // Another student's code, by a chance of one in 10^11: draw again.
        if ((error as { code?: string }).code === '23505') return [];
        throw error;
      });
    if (row) return row.code;
  }
}

/**
 * Uses a student's code once: one statement deletes it only while it is the live one, so of two parents typing
 * it at the same moment exactly one gets it (call inside the linking transaction).
 */
export async function useFamilyCode(tx: Handle, studentId: string, code: string): Promise<boolean> {
  const used = await tx
    .delete(familyCodes)
    .where(and(eq(familyCodes.student_id, studentId), eq(familyCodes.code, code)))
    .returning({ code: familyCodes.code });
  return used.length > 0;
}
