import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  DOCUMENT_TYPES,
  REGISTRATION_STEPS,
  type Completion,
  type CompletionCounts,
  type CompletionItem,
  type PendingStudent,
} from '@sp/domain';
import type { AppContext } from '../../context.js';
import {
  documentChecks,
  formClasses,
  registrationProgress,
  students,
  uploadedFiles,
} from '../../db/schema.js';
import {
  documentDoneWhen,
  inClass,
  notDone,
  progressOfStudent,
  STEP_COLUMNS,
} from '../../shared/registration-progress.js';
import { yearView, type YearView } from '../../shared/year-view.js';

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

const classKey = sql<string>`coalesce(${students.class_id}, '')`;

const notWithdrawn = isNull(students.withdrawn_at);

/**
 * Per class, how many of the year's enrolled students have each document done: each student's files and
 * checks, joined by document, as one row of flags (a test per student and document type cost probes each,
 * 600,000 of them for 100,000 students).
 */
function liveDocumentCounts(ctx: AppContext, enrolled: SQL) {
  // A document with a file, a check, or both: one row of the full join.
  const studentKey = sql`coalesce(${uploadedFiles.student_id}, ${documentChecks.student_id})`;
  const typeKey = sql`coalesce(${uploadedFiles.type}, ${documentChecks.type})`;
  const done = documentDoneWhen(sql`${documentChecks.status}`, sql`${uploadedFiles.id} is not null`);
  const files = ctx.db
    .select({
      student_id: sql<string>`${studentKey}`.as('student_id'),
      ...Object.fromEntries(
        DOCUMENT_TYPES.map((type) => [
          `done_${type}`,
          sql<boolean>`bool_or(${typeKey} = ${type} and ${done})`.as(`done_${type}`),
        ]),
      ),
    })
    .from(uploadedFiles)
    .fullJoin(
      documentChecks,
      and(
        eq(documentChecks.student_id, uploadedFiles.student_id),
        eq(documentChecks.type, uploadedFiles.type),
        isNull(uploadedFiles.year),
      ),
    )
    // A file archived with a closed year counts no more (D49); a check alone has no file columns at all.
    .where(isNull(uploadedFiles.year))
    .groupBy(studentKey)
    .as('files');
  const flags = files as unknown as Record<string, SQL>;
  return ctx.db
    .select({
      class_id: classKey,
      ...Object.fromEntries(DOCUMENT_TYPES.map((type) => [type, countWhere(sql`${flags[`done_${type}`]}`)])),
    })
    .from(files)
    .innerJoin(students, eq(students.id, files.student_id))
    .where(and(notWithdrawn, enrolled))
    .groupBy(students.class_id);
}

/** The same counts for a closed year, from each student's frozen documents (a short list per student). */
const frozenDocumentCounts = (view: YearView) =>
  view.db
    .select({
      class_id: classKey,
      ...Object.fromEntries(DOCUMENT_TYPES.map((type) => [type, countWhere(view.documentDone(type))])),
    })
    .from(students)
    .where(notWithdrawn)
    .groupBy(students.class_id);

/**
 * Per class: how many enrolled students of the year (the current one unless asked) finished each step, have
 * each document done (D42) and agreed to the terms. Two grouped queries, whatever the school's size: the
 * students with their progress, and their documents. On PostgreSQL they run side by side on two connections.
 */
export async function completionByClass(ctx: AppContext, year?: number): Promise<Completion> {
  const view = await yearView(ctx.db, year);
  const [rows, documentRows] = await Promise.all([
    view.db
      .select({
        class_id: classKey,
        form_level: sql<number>`coalesce(${formClasses.form_level}, 0)`.mapWith(Number),
        students: sql<number>`count(*)`.mapWith(Number),
        ...Object.fromEntries(
          REGISTRATION_STEPS.map((step) => [step, sql<number>`count(${STEP_COLUMNS[step]})`.mapWith(Number)]),
        ),
        terms: countWhere(sql`${students.agree_terms_conditions} = 1`),
      })
      .from(students)
      .leftJoin(formClasses, eq(formClasses.class_id, students.class_id))
      .leftJoin(registrationProgress, progressOfStudent)
      .where(and(notWithdrawn, view.enrolled))
      .groupBy(students.class_id, formClasses.form_level)
      .orderBy(sql`2`, sql`1`),
    view.past ? frozenDocumentCounts(view) : liveDocumentCounts(ctx, view.enrolled),
  ]);
  const documentsOf = new Map(
    documentRows.map((r) => [r.class_id, r as unknown as Record<string, number | string>]),
  );

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
        DOCUMENT_TYPES.map((t) => [t, Number(documentsOf.get(String(row.class_id))?.[t] ?? 0)]),
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

/**
 * The enrolled students of the year (of one class, or all) who have not yet done `item`, by class and last
 * name.
 */
export async function pendingStudents(
  ctx: AppContext,
  query: { item: CompletionItem; class_id?: string | undefined; year?: number | undefined },
): Promise<PendingStudent[]> {
  const view = await yearView(ctx.db, query.year);
  return view.db
    .select({
      id: students.id,
      first_name: students.first_name,
      last_name: students.last_name,
      class_id: students.class_id,
    })
    .from(students)
    .leftJoin(registrationProgress, progressOfStudent)
    .where(
      and(
        notWithdrawn,
        view.enrolled,
        query.class_id !== undefined ? inClass(query.class_id) : undefined,
        notDone(query.item, view.documentDone),
      ),
    )
    .orderBy(asc(students.class_id), asc(students.last_name), asc(students.first_name));
}
