import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { classMessages, timestampInZone } from '@sp/domain';
import { publicUrl } from '../../config.js';
import type { AppContext } from '../../context.js';
import { formClasses, students } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { buildFamilyLetters } from '../../pdf/family-letter.js';
import { ensureFamilyCodes } from '../../shared/family-codes.js';
import { schoolIdentity } from '../../shared/settings.js';
import { yearView } from '../../shared/year-view.js';

/**
 * A class's family letters (D50): a page for each student enrolled in it now, by last name, with the live
 * family code (made where missing) and how a parent signs up and links the child.
 */
export async function familyLettersPdf(
  ctx: AppContext,
  actor: Actor,
  classId: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const [found] = await ctx.db
    .select({ id: formClasses.class_id })
    .from(formClasses)
    .where(eq(formClasses.class_id, classId));
  if (!found) throw notFound(classMessages.notFound(classId));
  const view = await yearView(ctx.db, undefined);
  const roster = await ctx.db
    .select({ id: students.id, first_name: students.first_name, last_name: students.last_name })
    .from(students)
    .where(and(eq(students.class_id, classId), isNull(students.withdrawn_at), view.enrolled))
    .orderBy(
      asc(sql`lower(${students.last_name})`),
      asc(sql`lower(${students.first_name})`),
      asc(students.id),
    );
  const now = ctx.clock();
  const [codes, school] = await Promise.all([
    ensureFamilyCodes(
      ctx.db,
      roster.map((s) => s.id),
      actor.id,
      now,
    ),
    schoolIdentity(ctx.db, ctx.config.SCHOOL_NAME),
  ]);
  const pdf = await buildFamilyLetters({
    school,
    classId,
    portalUrl: publicUrl(ctx.config),
    printedAt: timestampInZone(now, ctx.config.SCHOOL_TIMEZONE).slice(0, 10),
    letters: roster.map((s) => ({ ...s, code: codes.get(s.id)?.code ?? null })),
  });
  return { pdf, fileName: `Family letters ${classId}.pdf` };
}
