import { eq, sql } from 'drizzle-orm';
import { readJsonRows } from '../../db/json-rows.js';
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

type Stored = typeof termResults.$inferSelect;
/** Rows per read: each read a few tens of milliseconds, so other requests run between them. */
const STORED_PAGE = 2000;

/** A term's stored results by student and subject, read a page at a time in key order. */
async function storedResults(db: Conn, termId: number): Promise<Map<string, Stored>> {
  const stored = new Map<string, Stored>();
  let after = sql`true`;
  for (;;) {
    const page = await readJsonRows<Stored>(
      db,
      sql`SELECT student_id, term_id, subject_id, class_id, course_mark::text AS course_mark,
          exam_mark::text AS exam_mark, course_absent, exam_absent, total::text AS total, grade, absences,
          lateness, application, conduct, teacher_remark
        FROM ${termResults} WHERE term_id = ${termId} AND ${after}
        ORDER BY student_id, subject_id LIMIT ${STORED_PAGE}`,
    );
    for (const r of page) stored.set(`${r.student_id}|${r.subject_id}`, r);
    if (page.length < STORED_PAGE) return stored;
    const last = page.at(-1)!;
    after = sql`(student_id, subject_id) > (${last.student_id}, ${last.subject_id})`;
  }
}

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
  const resultBefore = await storedResults(db, termId);
  const plan: ResultPlan = {
    rows: [],
    counts: { new: 0, changed: 0, unchanged: 0, blank: 0, errors: 0 },
    results: [],
    summaries: [],
    changes: [],
  };

  const rows = file.results?.rows ?? [];
  const checked = await checkResultRows(rows, people, subjectsByName(offered), scope);
  for (const [i, c] of checked.entries()) {
    await breathe(i);
    addOutcome(plan, decideResultRow(termId, c, c.key ? resultBefore.get(c.key) : undefined), plan.results);
  }

  await planSummaries(db, termId, term?.sessions_possible ?? null, file, people, scope, plan);
  return plan;
}
