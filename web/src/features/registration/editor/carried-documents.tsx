import Alert from '@mui/material/Alert';
import { useLingui } from '@lingui/react/macro';
import {
  DOCUMENT_LABELS,
  DOCUMENT_TYPES,
  academicYearLabel,
  isYearlyDocument,
  type StoredFile,
} from '@sp/domain';
import { useStudentRecord } from './record-context';

/**
 * For a returning family: which documents carried over from last year with the school's check, and which
 * are asked for again every year (D49). Nothing for a student new this year.
 */
export function CarriedDocuments({ files }: { files: readonly StoredFile[] | undefined }) {
  const { year } = useStudentRecord();
  const { t, i18n } = useLingui();
  if (!year?.returning || !files) return null;
  const names = (types: readonly string[]) =>
    types.map((type) => i18n._(DOCUMENT_LABELS[type as keyof typeof DOCUMENT_LABELS])).join(', ');
  const carried = DOCUMENT_TYPES.filter((d) => !isYearlyDocument(d) && files.some((f) => f.type === d));
  const again = names(DOCUMENT_TYPES.filter(isYearlyDocument));
  const lastYear = academicYearLabel(year.year - 1);
  const carriedNames = names(carried);
  const label = year.label;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {carried.length > 0 && (
        <>
          {t`Carried over from ${lastYear}: ${carriedNames}. Nothing to do for these unless the school asks.`}
          <br />
        </>
      )}
      {t`Asked for again for ${label}: ${again}.`}
    </Alert>
  );
}
