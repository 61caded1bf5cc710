import { Trans } from '@lingui/react/macro';
import { academicYearLabel, type Term } from '@sp/domain';

/** A term as the staff screens name it: "2026-2027 Term 1". */
export function TermName({ term }: { term: Pick<Term, 'year' | 'term'> }) {
  const year = academicYearLabel(term.year);
  const number = term.term;
  return (
    <Trans>
      {year} Term {number}
    </Trans>
  );
}
