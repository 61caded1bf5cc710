import { describe, expect, it } from 'vitest';
import { rowsForTerm } from './form-subject-rows.js';

const row = (id: number, subject_id: number, term_id: number | null) => ({ id, subject_id, term_id });

describe('rowsForTerm', () => {
  const general = row(1, 10, null);
  const generalOther = row(2, 20, null);
  const termOwn = row(3, 10, 7);
  const otherTerm = row(4, 20, 8);
  const rows = [general, generalOther, termOwn, otherTerm];

  it("a term's own row wins over the row for every term of the same subject", () => {
    const applied = rowsForTerm(rows, 7);
    expect(applied).toContain(termOwn);
    expect(applied).not.toContain(general);
    expect(applied.filter((r) => r.subject_id === 10)).toEqual([termOwn]);
  });

  it('a subject with no row of its own in the term keeps the row for every term', () => {
    expect(rowsForTerm(rows, 7)).toEqual([generalOther, termOwn]);
  });

  it("another term's rows never apply, even where the term has none", () => {
    expect(rowsForTerm(rows, 9)).toEqual([general, generalOther]);
    expect(rowsForTerm(rows, 7)).not.toContain(otherTerm);
  });

  it('with no term, only the rows for every term', () => {
    expect(rowsForTerm(rows, null)).toEqual([general, generalOther]);
  });

  it('nothing offered, nothing applies', () => {
    expect(rowsForTerm([], 7)).toEqual([]);
  });
});
