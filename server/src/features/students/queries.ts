import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { listName, type AdminStudent } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { studentAccounts, students } from '../../db/schema.js';

export async function getStudentName(ctx: AppContext, id: string) {
  const [row] = await ctx.db
    .select({ id: students.id, first_name: students.first_name, last_name: students.last_name })
    .from(students)
    .where(eq(students.id, id));
  return row;
}

export async function getUserStatus(ctx: AppContext, id: string) {
  const [row] = await ctx.db
    .select({
      student_id: students.id,
      first_name: students.first_name,
      last_name: students.last_name,
      password_reset: sql<number>`coalesce(${studentAccounts.password_reset}, 1)`.mapWith(Number),
    })
    .from(students)
    .leftJoin(studentAccounts, eq(studentAccounts.student_id, students.id))
    .where(eq(students.id, id));
  return row && { ...row, password_reset: row.password_reset === 0 ? (0 as const) : (1 as const) };
}

/** D1: only exact matches of first name, last name (either case) and date of birth. */
export async function findStudentIds(
  ctx: AppContext,
  q: { first_name: string; last_name: string; date_of_birth: string },
) {
  return ctx.db
    .select({ id: students.id, first_name: students.first_name, last_name: students.last_name })
    .from(students)
    .where(
      and(
        sql`lower(${students.last_name}) = ${q.last_name.toLowerCase()}`,
        sql`lower(${students.first_name}) = ${q.first_name.toLowerCase()}`,
        eq(students.date_of_birth, q.date_of_birth),
      ),
    )
    .limit(10);
}

/** The admin Students table: newest update first; students who left only when asked for (D29). */
export async function listStudentsForAdmin(
  ctx: AppContext,
  options: { includeWithdrawn: boolean },
): Promise<AdminStudent[]> {
  const rows = await ctx.db
    .select({
      id: students.id,
      first_name: students.first_name,
      last_name: students.last_name,
      class_id: students.class_id,
      date_of_birth: students.date_of_birth,
      birth_certificate_no: students.birth_cert_no,
      house_code: students.house_code,
      updated_at: students.updated_at,
      withdrawn_at: students.withdrawn_at,
    })
    .from(students)
    .where(options.includeWithdrawn ? undefined : isNull(students.withdrawn_at))
    .orderBy(desc(students.updated_at), students.id);
  return rows.map(({ updated_at, withdrawn_at, ...r }) => ({
    ...r,
    name: listName(r.first_name, r.last_name),
    updatedAt: updated_at.toISOString(),
    withdrawn_at: withdrawn_at?.toISOString() ?? null,
  }));
}
