import { and, asc, eq, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import {
  DOCUMENT_TYPES,
  REGISTRATION_STEPS,
  type Completion,
  type CompletionCounts,
  type CompletionItem,
  type DocumentType,
  type PendingStudent,
  type RegistrationStep,
} from '@sp/domain';
import type { AppContext } from '../../context.js';
import { formClasses, registrationProgress, students, uploadedFiles } from '../../db/schema.js';
import { STEP_COLUMNS } from '../../shared/registration-progress.js';

const hasFile = (type: DocumentType): SQL =>
  sql`exists (select 1 from ${uploadedFiles} where ${uploadedFiles.student_id} = ${students.id} and ${uploadedFiles.type} = ${type})`;

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * Per class: how many enrolled students finished each step, uploaded each document and agreed to the terms.
 * One grouped query over the students, their progress row and their files, whatever the school's size.
 */
export async function completionByClass(ctx: AppContext): Promise<Completion> {
  const rows = await ctx.db
    .select({
      class_id: sql<string>`coalesce(${students.class_id}, '')`,
      form_level: sql<number>`coalesce(${formClasses.form_level}, 0)`.mapWith(Number),
      students: sql<number>`count(*)`.mapWith(Number),
      ...Object.fromEntries(
        REGISTRATION_STEPS.map((step) => [step, sql<number>`count(${STEP_COLUMNS[step]})`.mapWith(Number)]),
      ),
      ...Object.fromEntries(DOCUMENT_TYPES.map((type) => [`doc_${type}`, countWhere(hasFile(type))])),
      terms: countWhere(sql`${students.agree_terms_conditions} = 1`),
    })
    .from(students)
    .leftJoin(formClasses, eq(formClasses.class_id, students.class_id))
    .leftJoin(registrationProgress, eq(registrationProgress.student_id, students.id))
    .where(isNull(students.withdrawn_at))
    .groupBy(students.class_id, formClasses.form_level)
    .orderBy(sql`2`, sql`1`);

  const classes = rows.map((r) => {
    const row = r as unknown as Record<string, number | string>;
    return {
      class_id: String(row.class_id),
      form_level: Number(row.form_level),
      students: Number(row.students),
      steps: Object.fromEntries(
        REGISTRATION_STEPS.map((s) => [s, Number(row[s])]),
      ) as CompletionCounts['steps'],
      documents: Object.fromEntries(
        DOCUMENT_TYPES.map((t) => [t, Number(row[`doc_${t}`])]),
      ) as CompletionCounts['documents'],
      terms: Number(row.terms),
    };
  });
  const sum = (pick: (c: CompletionCounts) => number) => classes.reduce((n, c) => n + pick(c), 0);
  const school: CompletionCounts = {
    students: sum((c) => c.students),
    steps: Object.fromEntries(
      REGISTRATION_STEPS.map((s) => [s, sum((c) => c.steps[s])]),
    ) as CompletionCounts['steps'],
    documents: Object.fromEntries(
      DOCUMENT_TYPES.map((t) => [t, sum((c) => c.documents[t])]),
    ) as CompletionCounts['documents'],
    terms: sum((c) => c.terms),
  };
  return { classes, school };
}

function notDone(item: CompletionItem): SQL {
  if (item === 'terms')
    return or(isNull(students.agree_terms_conditions), sql`${students.agree_terms_conditions} <> 1`)!;
  if ((DOCUMENT_TYPES as readonly string[]).includes(item)) return not(hasFile(item as DocumentType));
  return isNull(STEP_COLUMNS[item as RegistrationStep]);
}

/** The enrolled students (of one class, or all) who have not yet done `item`, by class and last name. */
export async function pendingStudents(
  ctx: AppContext,
  query: { item: CompletionItem; class_id?: string | undefined },
): Promise<PendingStudent[]> {
  return ctx.db
    .select({
      id: students.id,
      first_name: students.first_name,
      last_name: students.last_name,
      class_id: students.class_id,
    })
    .from(students)
    .leftJoin(registrationProgress, eq(registrationProgress.student_id, students.id))
    .where(
      and(
        isNull(students.withdrawn_at),
        query.class_id ? eq(students.class_id, query.class_id) : undefined,
        notDone(query.item),
      ),
    )
    .orderBy(asc(students.class_id), asc(students.last_name), asc(students.first_name));
}
