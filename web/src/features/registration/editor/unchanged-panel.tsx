import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  stepIncompleteMessage,
  STUDENT_FIELDS,
  studentField,
  UNCHANGED_STEPS,
  type UnchangedStep,
} from '@sp/domain';
import { ApiError, errorMessage } from '../../../api/client';
import { useSchoolTime } from '../../../api/school-time';
import { useConfirmUnchanged } from '../api/confirm-unchanged';
import { useStudentRecord } from './record-context';

/** What the step says of its yearly answers: each one is marked, or the whole step is asked again. */
function yearlyNote(step: UnchangedStep): string {
  const fields = STUDENT_FIELDS.filter((f) => f.step === UNCHANGED_STEPS[step]);
  const yearly = fields.filter((f) => f.yearly);
  if (yearly.length === 0) return '';
  if (yearly.length === fields.length)
    return ' These answers are asked again every year: please check each one.';
  return ' Answers marked “Please check” are asked again every year.';
}

/** What the server refused, with the fields it names by their labels. */
function Refusal({ error }: { error: unknown }) {
  const fields = error instanceof ApiError ? error.fieldErrors.map((e) => e.field).filter(Boolean) : [];
  return (
    <Alert severity="warning" sx={{ mt: 1 }}>
      {fields.length > 0
        ? `${stepIncompleteMessage} Still to fill in: ${fields.map((f) => studentField(f!)?.label ?? f).join(', ')}.`
        : errorMessage(error)}
    </Alert>
  );
}

/**
 * "Nothing has changed" for a returning family (D49): one tap confirms last year's answers of the step as they
 * stand; afterwards the step says when. The fields stay editable beside it.
 */
export function UnchangedPanel({ step }: { step: UnchangedStep }) {
  const { studentId, year, record, editable } = useStudentRecord();
  const time = useSchoolTime();
  const confirm = useConfirmUnchanged(studentId);
  if (!year?.returning) return null;
  const at = year.unchanged[step];
  const done = record.progress[UNCHANGED_STEPS[step]];

  return (
    <Box
      role="region"
      aria-label="Nothing has changed"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2, bgcolor: 'action.hover' }}
    >
      {at && time ? (
        <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CheckCircleIcon color="success" fontSize="small" aria-hidden />
          Confirmed unchanged on {time.shortDay(at)}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {done
              ? `This step is done for ${year.label}.`
              : `Last year’s answers are filled in below. Confirm the ${year.label} details as they are, or change what is different.`}
            {!done && yearlyNote(step)}
          </Typography>
          {!done && (
            <Button
              variant="contained"
              color="success"
              disabled={!editable || confirm.isPending}
              onClick={() => confirm.mutate(step)}
            >
              Nothing has changed
            </Button>
          )}
        </>
      )}
      {confirm.isError && <Refusal error={confirm.error} />}
    </Box>
  );
}
