/** A form's subject row: `term_id` null for every term, or one term's id for that term only. */
export interface TermScopedRow {
  subject_id: number;
  term_id: number | null;
}

/**
 * The rows that apply to a term, in the order given; a term's own row wins. With no term (`null`): the rows for
 * every term. For a term: its own rows, and the rows for every term of each subject it has no row of its own
 * for. Rows of other terms never apply.
 */
export function rowsForTerm<R extends TermScopedRow>(rows: readonly R[], termId: number | null): R[] {
  if (termId === null) return rows.filter((r) => r.term_id === null);
  const own = new Set(rows.filter((r) => r.term_id === termId).map((r) => r.subject_id));
  return rows.filter((r) => r.term_id === termId || (r.term_id === null && !own.has(r.subject_id)));
}
