import { and, eq, sql } from 'drizzle-orm';
import { listName } from '@sp/domain';
import type { Db } from '../db/client.js';
import { students, termLeftOut, termResults, terms } from '../db/schema.js';
import { enrolledOfTermYear, subjectsForTerm } from './term-data.js';

type Conn = Pick<Db, 'select' | 'selectDistinct' | 'delete' | 'insert' | 'update'>;
type Reader = Pick<Db, 'select'>;

/**
 * D40: a mark is entered when it is a number or written ABS. A row whose marks are all blank was never
 * entered, however it got there.
 */
export const enteredMark = sql`(${termResults.course_mark} is not null or ${termResults.exam_mark} is not null
  or ${termResults.course_absent} or ${termResults.exam_absent})`;

/** A student a posting is about: enrolled in a class whose form takes subjects, or holding result rows. */
export interface Candidate {
  id: string;
  name: string;
  /** '' for a student in no class. */
  class_id: string;
  form: number | null;
  /** subject id → whether a mark is entered in that row */
  rows: Map<number, boolean>;
}

/** Everyone the term's posting could give a card, with their result rows (D41). */
export async function postingCandidates(db: Reader, termId: number) {
  // One after another: inside a transaction they share its single connection.
  const [term] = await db.select({ year: terms.year }).from(terms).where(eq(terms.id, termId));
  const people = term ? await enrolledOfTermYear(db, term.year) : [];
  const offered = await subjectsForTerm(db, termId);
  const results = await db
    .select({
      student_id: termResults.student_id,
      subject_id: termResults.subject_id,
      class_id: termResults.class_id,
      entered: sql<boolean>`${enteredMark}`,
      first: students.first_name,
      last: students.last_name,
    })
    .from(termResults)
    .innerJoin(students, eq(students.id, termResults.student_id))
    .where(eq(termResults.term_id, termId));
  const byId = new Map<string, Candidate>();
  for (const p of people) {
    if (!offered.get(p.form)?.size) continue;
    byId.set(p.id, {
      id: p.id,
      name: listName(p.first, p.last),
      class_id: p.class_id ?? '',
      form: p.form,
      rows: new Map(),
    });
  }
  for (const r of results) {
    let c = byId.get(r.student_id);
    if (!c) {
      // Withdrawn, or in no class now: their rows still make a card, under the class the results name.
      c = {
        id: r.student_id,
        name: listName(r.first, r.last),
        class_id: r.class_id ?? '',
        form: null,
        rows: new Map(),
      };
      byId.set(c.id, c);
    }
    c.rows.set(r.subject_id, Boolean(r.entered));
  }
  return { candidates: [...byId.values()], offered };
}

export const hasEnteredMark = (c: Candidate): boolean => [...c.rows.values()].some(Boolean);

/** Whom a posting includes although they have no entered mark (D41); '' in classes is "no class". */
export interface Inclusion {
  all: boolean;
  classes: string[];
}

/** Who a posting with these inclusions leaves out: no entered mark, and their class not included. */
export function leftOutBy(candidates: Candidate[], include: Inclusion): string[] {
  if (include.all) return [];
  const included = new Set(include.classes);
  return candidates.filter((c) => !included.has(c.class_id) && !hasEnteredMark(c)).map((c) => c.id);
}

/**
 * Writes a posting's choice on the term, inside the posting's transaction (the term row already locked):
 * whom it included, and whom it leaves out in term_left_out, so reading a card is a keyed lookup.
 */
export async function recordPosting(
  tx: Conn,
  termId: number,
  include: Inclusion,
  leftOut: string[],
): Promise<void> {
  await tx
    .update(terms)
    .set({ left_out_recorded: true, include_all: include.all, included_classes: include.classes })
    .where(eq(terms.id, termId));
  await tx.delete(termLeftOut).where(eq(termLeftOut.term_id, termId));
  for (let i = 0; i < leftOut.length; i += 1000) {
    await tx
      .insert(termLeftOut)
      .values(leftOut.slice(i, i + 1000).map((student_id) => ({ term_id: termId, student_id })));
  }
}

/** Forgets a posting's choice: the term is no longer posted. */
export async function clearPosting(tx: Conn, termId: number): Promise<void> {
  await tx
    .update(terms)
    .set({ left_out_recorded: false, include_all: false, included_classes: [] })
    .where(eq(terms.id, termId));
  await tx.delete(termLeftOut).where(eq(termLeftOut.term_id, termId));
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
 * Whether a term posted before postings were recorded leaves this student out: no entered mark at the time
 * of reading. Every posting since, by hand or by a release, records whom it left out.
 */
const unrecordedLeftOut = (termId: number, studentId: string) =>
  sql`not exists (select 1 from ${termResults} where ${termResults.student_id} = ${studentId}
    and ${termResults.term_id} = ${termId} and ${enteredMark})`;

/**
 * D41: whether one student was left out of the term's posting, so has no card to read. A keyed lookup:
 * term_left_out by its key, or (for a term posted before postings were recorded) the student's own rows by
 * the key's prefix (student_id, term_id).
 */
export async function isLeftOut(db: Reader, termId: number, studentId: string): Promise<boolean> {
  const recorded = sql`exists (select 1 from ${termLeftOut} where ${termLeftOut.term_id} = ${termId}
    and ${termLeftOut.student_id} = ${studentId})`;
  const [row] = await db
    .select({
      out: sql<boolean>`case when ${terms.left_out_recorded} then ${recorded} else ${unrecordedLeftOut(termId, studentId)} end`,
    })
    .from(terms)
    .where(eq(terms.id, termId));
  return Boolean(row?.out);
}

/** D41: whom the term's posting left out, for lists of a whole term (the check, who has read). */
export async function leftOutOfPosting(
  db: Pick<Db, 'select' | 'selectDistinct'>,
  termId: number,
): Promise<(studentId: string) => boolean> {
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
  const rows = await db
    .selectDistinct({ id: termResults.student_id })
    .from(termResults)
    .where(and(eq(termResults.term_id, termId), enteredMark));
  const entered = new Set(rows.map((r) => r.id));
  return (id) => !entered.has(id);
}
