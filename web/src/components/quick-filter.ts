/** Quick search as the data grid does it: every word typed must appear in some column (any case). */
export function quickFilter<Row>(rows: readonly Row[], haystacks: readonly string[], query: string): Row[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((_, index) => {
    const haystack = haystacks[index] ?? '';
    return words.every((word) => haystack.includes(word));
  });
}
