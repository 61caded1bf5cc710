import { eq } from 'drizzle-orm';
import { termResults, terms } from '../../db/schema.js';
import { subjectsForTerm } from '../../shared/term-data.js';
import { WHOLE_SCHOOL, type ClassScope } from './class-scope.js';
import { loadStudents, type StudentInfo } from './plan-students.js';
import { planSummaries } from './plan-summaries.js';
import { breathe } from './read-cells.js';
import { addOutcome, decideResultRow } from './result-outcome.js';
import { checkResultRows, subjectsByName } from './result-rows.js';
import type { TermFile } from './results-file.js';

import type { Conn, ResultPlan } from './plan-types.js';
export type { PlannedChange, ResultPlan, ResultRow } from './plan-types.js';

/**
 * What importing a term's file would do, row by row: each row checked (student in the actor's classes,
 * subject offered to the student's form, marks 0–100 or ABS, counts, text lengths), repeated rows refused,
 * then compared with what is stored. A blank cell, like a column the file leaves out, keeps the stored
 * value; a row with nothing entered creates nothing. Writes nothing.
 */
export async function planResults(
  db: Conn,
  termId: number,
  file: TermFile,
  scope: ClassScope = WHOLE_SCHOOL,
): Promise<ResultPlan> {
  const [term] = await db.select().from(terms).where(eq(terms.id, termId));
  // One after another: inside the import's transaction they share one connection, which runs one query at a
  // time (node-postgres deprecates queuing several on a client, and pg 9 refuses it).
  const people = term ? await loadStudents(db, term.year) : new Map<string, StudentInfo>();
  const offered = await subjectsForTerm(db, termId);
  const storedResults = await db.select().from(termResults).where(eq(termResults.term_id, termId));
  const plan: ResultPlan = {
    rows: [],
    counts: { new: 0, changed: 0, unchanged: 0, blank: 0, errors: 0 },
    results: [],
    summaries: [],
    changes: [],
  };

  const rows = file.results?.rows ?? [];
  const checked = await checkResultRows(rows, people, subjectsByName(offered), scope);
  const resultBefore = new Map(storedResults.map((r) => [`${r.student_id}|${r.subject_id}`, r]));
  for (const [i, c] of checked.entries()) {
    await breathe(i);
    addOutcome(plan, decideResultRow(termId, c, c.key ? resultBefore.get(c.key) : undefined), plan.results);
  }

  await planSummaries(db, termId, term?.sessions_possible ?? null, file, people, scope, plan);
  return plan;
}
