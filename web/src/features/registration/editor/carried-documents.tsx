import Alert from '@mui/material/Alert';
import {
  DOCUMENT_LABELS,
  DOCUMENT_TYPES,
  academicYearLabel,
  isYearlyDocument,
  type StoredFile,
} from '@sp/domain';
import { useStudentRecord } from './record-context';

const names = (types: readonly string[]) =>
  types.map((type) => DOCUMENT_LABELS[type as keyof typeof DOCUMENT_LABELS]).join(', ');

/**
 * For a returning family: which documents carried over from last year with the school's check, and which
 * are asked for again every year (D49). Nothing for a student new this year.
 */
export function CarriedDocuments({ files }: { files: readonly StoredFile[] | undefined }) {
  const { year } = useStudentRecord();
  if (!year?.returning || !files) return null;
  const carried = DOCUMENT_TYPES.filter((t) => !isYearlyDocument(t) && files.some((f) => f.type === t));
  const again = DOCUMENT_TYPES.filter(isYearlyDocument);
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {carried.length > 0 && (
        <>
          Carried over from {academicYearLabel(year.year - 1)}: {names(carried)}. Nothing to do for these
          unless the school asks.
          <br />
        </>
      )}
      Asked for again for {year.label}: {names(again)}.
    </Alert>
  );
}
