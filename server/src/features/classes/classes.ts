import { classMessages, type FormClass } from '@sp/domain';
import { eq, sql } from 'drizzle-orm';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { formClasses } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { lockCurrentYear } from '../../shared/school-years.js';

/** Adds a class to the school's class list; 409 when it is there already. */
export async function addClass(ctx: AppContext, actor: Actor, input: FormClass): Promise<FormClass> {
  return ctx.db.transaction(async (tx) => {
    const added = await tx.insert(formClasses).values(input).onConflictDoNothing().returning();
    if (added.length === 0) throw new AppError(409, classMessages.exists(input.class_id));
    await writeAudit(tx, {
      action: 'class_add',
      ...auditActor(actor),
      field: 'class_id',
      newValue: input.class_id,
      detail: { form_level: input.form_level },
      at: ctx.clock(),
    });
    return input;
  });
}

/**
 * What may still name a class, as the refusal says it. Only the students' column is a foreign key (and the
 * staff's classes would cascade), so the others are looked for here; each stops at its first row.
 */
const uses = (id: string) =>
  ({
    'students in it': sql`select 1 from students where class_id = ${id}`,
    'school year enrolments': sql`select 1 from enrolments where class_id = ${id} or next_class_id = ${id}`,
    'class moves': sql`select 1 from class_moves where from_class_id = ${id} or to_class_id = ${id}`,
    'staff accounts teaching it': sql`select 1 from staff_user_classes where class_id = ${id}`,
    'term results': sql`select 1 from term_results where class_id = ${id}`,
    'term summaries': sql`select 1 from term_summaries where class_id = ${id}`,
  }) as const;

/** Removes a class nothing uses; 409 naming what uses it otherwise, 404 when there is no such class. */
export async function removeClass(ctx: AppContext, actor: Actor, classId: string): Promise<FormClass> {
  return ctx.db.transaction(async (tx) => {
    // The confirm's lock, taken before the class row's: a rollover under way moves students into classes, so
    // a removal waits for it and then finds the class in use, instead of the confirm failing on a class
    // deleted under it. A confirm that committed meanwhile opened a new year: the removal goes on in it.
    await lockCurrentYear(tx, { follow: true });
    // Locked, so a student added to the class meanwhile waits for the answer instead of racing it.
    const [row] = await tx.select().from(formClasses).where(eq(formClasses.class_id, classId)).for('update');
    if (!row) throw notFound(classMessages.notFound(classId));
    const checks = Object.entries(uses(classId));
    const [found] = rowsOf(
      await tx.execute(
        sql`select ${sql.join(
          checks.map(([, q], i) => sql`exists(${q}) as ${sql.identifier(`u${i}`)}`),
          sql`, `,
        )}`,
      ),
    );
    const using = checks.filter((_, i) => found?.[`u${i}`]).map(([name]) => name);
    if (using.length > 0) throw new AppError(409, classMessages.inUse(classId, using));
    await tx.delete(formClasses).where(eq(formClasses.class_id, classId));
    await writeAudit(tx, {
      action: 'class_remove',
      ...auditActor(actor),
      field: 'class_id',
      oldValue: classId,
      detail: { form_level: row.form_level },
      at: ctx.clock(),
    });
    return row;
  });
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, boolean>[] }).rows;
