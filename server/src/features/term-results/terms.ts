import { asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  resultMessages,
  type SubjectList,
  type Term,
  type formSubjectInputSchema,
  type subjectInputSchema,
  type termInputSchema,
} from '@sp/domain';
import { auditActor, writeAudit } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { formSubjects, subjects, termResults, terms } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { isUniqueViolation } from '../../shared/db-errors.js';

type TermInput = z.output<typeof termInputSchema>;

/** Every term, newest first, with how many students have results in it. */
export async function listTerms(ctx: AppContext): Promise<Term[]> {
  const counts = ctx.db
    .select({
      term_id: termResults.term_id,
      n: sql<number>`count(distinct ${termResults.student_id})::int`.as('n'),
    })
    .from(termResults)
    .groupBy(termResults.term_id)
    .as('counts');
  const rows = await ctx.db
    .select({ term: terms, n: counts.n })
    .from(terms)
    .leftJoin(counts, eq(counts.term_id, terms.id))
    .orderBy(desc(terms.year), desc(terms.term));
  return rows.map(({ term, n }) => ({
    ...term,
    release_at: term.release_at?.toISOString() ?? null,
    students_with_results: n ?? 0,
  }));
}

export async function findTerm(ctx: AppContext, id: number) {
  const [term] = await ctx.db.select().from(terms).where(eq(terms.id, id));
  if (!term) throw notFound(resultMessages.unknownTerm);
  return term;
}

async function termById(ctx: AppContext, id: number): Promise<Term> {
  const found = (await listTerms(ctx)).find((t) => t.id === id);
  if (!found) throw notFound(resultMessages.unknownTerm);
  return found;
}

const changedFields = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  Object.keys(after).filter((k) => (before[k] ?? null) !== (after[k] ?? null));

/** Creates a term; a second one for the same year and term is a 409. */
export async function createTerm(ctx: AppContext, actor: Actor, input: TermInput): Promise<Term> {
  const now = ctx.clock();
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(terms).values(input).returning({ id: terms.id });
      await writeAudit(tx, {
        ...auditActor(actor),
        action: 'term_update',
        detail: { term_id: row!.id, created: input },
        at: now,
      });
      return row!.id;
    });
    return termById(ctx, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, resultMessages.termExists);
    throw err;
  }
}

/** Changes a term's year, number, dates or sessions; the audit row names each changed field. */
export async function updateTerm(ctx: AppContext, actor: Actor, id: number, input: TermInput): Promise<Term> {
  const before = await findTerm(ctx, id);
  const changed = changedFields(before, input);
  if (changed.length) {
    try {
      await ctx.db.transaction(async (tx) => {
        await tx.update(terms).set(input).where(eq(terms.id, id));
        await writeAudit(
          tx,
          changed.map((field) => ({
            ...auditActor(actor),
            action: 'term_update' as const,
            field,
            oldValue: String(before[field as keyof typeof before] ?? ''),
            newValue: String(input[field as keyof TermInput] ?? ''),
            detail: { term_id: id },
            at: ctx.clock(),
          })),
        );
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, resultMessages.termExists);
      throw err;
    }
  }
  return termById(ctx, id);
}

export async function listSubjects(ctx: AppContext): Promise<SubjectList> {
  const [subjectRows, formRows] = await Promise.all([
    ctx.db.select().from(subjects).orderBy(asc(subjects.title)),
    ctx.db
      .select()
      .from(formSubjects)
      .orderBy(asc(formSubjects.form_level), asc(formSubjects.subject_id), asc(formSubjects.term_id)),
  ]);
  return { subjects: subjectRows, form_subjects: formRows };
}

/** Adds a subject, or renames the one with this code. */
export async function saveSubject(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof subjectInputSchema>,
): Promise<SubjectList> {
  const code = input.code.toUpperCase();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(subjects)
      .values({ code, title: input.title })
      .onConflictDoUpdate({ target: subjects.code, set: { title: input.title } });
    await writeAudit(tx, {
      ...auditActor(actor),
      action: 'subject_update',
      detail: { code, title: input.title },
      at: ctx.clock(),
    });
  });
  return listSubjects(ctx);
}

/** Offers a subject to a form level (for every term, or one term) with its weights, or changes the weights. */
export async function saveFormSubject(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof formSubjectInputSchema>,
): Promise<SubjectList> {
  const [subject] = await ctx.db.select().from(subjects).where(eq(subjects.id, input.subject_id));
  if (!subject)
    throw new AppError(400, 'Unknown subject.', [{ field: 'subject_id', message: 'Unknown subject.' }]);
  if (input.term_id !== null) await findTerm(ctx, input.term_id);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(formSubjects)
      .values(input)
      .onConflictDoUpdate({
        target: [formSubjects.subject_id, formSubjects.form_level, formSubjects.term_id],
        set: { course_weight: input.course_weight, exam_weight: input.exam_weight },
      });
    await writeAudit(tx, {
      ...auditActor(actor),
      action: 'subject_update',
      detail: { code: subject.code, ...input },
      at: ctx.clock(),
    });
  });
  return listSubjects(ctx);
}

/** Stops offering a subject to a form (results already stored stay). */
export async function removeFormSubject(ctx: AppContext, actor: Actor, id: number): Promise<SubjectList> {
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx.delete(formSubjects).where(eq(formSubjects.id, id)).returning();
    if (!removed) throw notFound('That subject is not offered.');
    await writeAudit(tx, {
      ...auditActor(actor),
      action: 'subject_update',
      detail: { removed },
      at: ctx.clock(),
    });
  });
  return listSubjects(ctx);
}
