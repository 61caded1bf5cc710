/** A count as staff read it here: 2,500, not 2500. */
export const formatCount = (n: number): string => n.toLocaleString('en-TT');
