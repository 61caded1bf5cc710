import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditLog, termResults } from '../db/schema.js';

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

/** What a posting records beside the term: who was left out of it (D41). */
export interface PostingRecord {
  term_id: number;
  year: number;
  term: number;
  left_out?: string[];
  included_classes?: string[];
}

/**
 * D41: whether a student was left out of the term's posting, so has no card to read. The latest posting
 * of the term says whom it left out (its audit row is the record of what was posted); a posting that did
 * not choose (a scheduled release) leaves out whoever has no entered mark at the time of reading.
 */
export async function leftOutOfPosting(db: Conn, termId: number): Promise<(studentId: string) => boolean> {
  const [latest] = await db
    .select({ detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'post_term'), sql`(${auditLog.detail}->>'term_id')::int = ${termId}`))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  const chosen = (latest?.detail as PostingRecord | null)?.left_out;
  if (Array.isArray(chosen)) {
    const out = new Set(chosen);
    return (id) => out.has(id);
  }
  const entered = await studentsWithEnteredMarks(db, termId);
  return (id) => !entered.has(id);
}
