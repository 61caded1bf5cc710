import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { termLeftOut, termResults, terms } from '../db/schema.js';

type Conn = Pick<Db, 'select' | 'selectDistinct'>;

/**
 * D40: a mark is entered when it is a number or written ABS. A row whose marks are all blank was never
 * entered, however it got there.
 */
export const enteredMark = sql`(${termResults.course_mark} is not null or ${termResults.exam_mark} is not null
  or ${termResults.course_absent} or ${termResults.exam_absent})`;

/** Students with at least one entered mark in the term. */
export async function studentsWithEnteredMarks(db: Conn, termId: number): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ id: termResults.student_id })
    .from(termResults)
    .where(and(eq(termResults.term_id, termId), enteredMark));
  return new Set(rows.map((r) => r.id));
}

/** What a posting's audit row says of it (D41); whom it left out is kept in term_left_out. */
export interface PostingRecord {
  term_id: number;
  year: number;
  term: number;
  left_out_count: number;
  included_classes: string[];
}

/**
 * D41: whether a student was left out of the term's posting, so has no card to read. A posting that chose
 * recorded whom it left out; a term that posted itself (a scheduled release) did not choose, and leaves out
 * whoever has no entered mark at the time of reading.
 */
export async function leftOutOfPosting(db: Conn, termId: number): Promise<(studentId: string) => boolean> {
  const [term] = await db
    .select({ recorded: terms.left_out_recorded })
    .from(terms)
    .where(eq(terms.id, termId));
  if (term?.recorded) {
    const rows = await db
      .select({ id: termLeftOut.student_id })
      .from(termLeftOut)
      .where(eq(termLeftOut.term_id, termId));
    const out = new Set(rows.map((r) => r.id));
    return (id) => out.has(id);
  }
  const entered = await studentsWithEnteredMarks(db, termId);
  return (id) => !entered.has(id);
}
