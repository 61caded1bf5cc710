import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { shortDayAt } from './local-dates';
import { useStudentRecord } from './record-context';

/** What the step says of its yearly answers: each one is marked, or the whole step is asked again. */
function yearlyNote(step: UnchangedStep) {
  const fields = STUDENT_FIELDS.filter((f) => f.step === UNCHANGED_STEPS[step]);
  const yearly = fields.filter((f) => f.yearly);
  if (yearly.length === 0) return null;
  if (yearly.length === fields.length)
    return msg`These answers are asked again every year: please check each one.`;
  return msg`Answers marked “Please check” are asked again every year.`;
}

/** What the server refused, with the fields it names by their labels. */
function Refusal({ error }: { error: unknown }) {
  const { t, i18n } = useLingui();
  const fields = error instanceof ApiError ? error.fieldErrors.map((e) => e.field).filter(Boolean) : [];
  const missing = fields.map((f) => i18n._(studentField(f!)?.label ?? f!)).join(', ');
  return (
    <Alert severity="warning" sx={{ mt: 1 }}>
      {fields.length > 0
        ? `${i18n._(stepIncompleteMessage)} ${t`Still to fill in: ${missing}.`}`
        : errorMessage(error)}
    </Alert>
  );
}

/**
 * "Nothing has changed" for a returning family (D49): one tap confirms last year's answers of the step as they
 * stand; afterwards the step says when. The fields stay editable beside it.
 */
export function UnchangedPanel({ step }: { step: UnchangedStep }) {
  const { t, i18n } = useLingui();
  const { studentId, year, record, editable } = useStudentRecord();
  const time = useSchoolTime();
  const confirm = useConfirmUnchanged(studentId);
  if (!year?.returning) return null;
  const at = year.unchanged[step];
  const done = record.progress[UNCHANGED_STEPS[step]];
  const label = year.label;
  const note = yearlyNote(step);

  return (
    <Box
      role="region"
      aria-label={t`Nothing has changed`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2, bgcolor: 'action.hover' }}
    >
      {at && time ? (
        <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CheckCircleIcon color="success" fontSize="small" aria-hidden />
          {t`Confirmed unchanged on ${shortDayAt(time, at)}`}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {done
              ? t`This step is done for ${label}.`
              : t`Last year’s answers are filled in below. Confirm the ${label} details as they are, or change what is different.`}
            {!done && note && ` ${i18n._(note)}`}
          </Typography>
          {!done && (
            <Button
              variant="contained"
              color="success"
              disabled={!editable || confirm.isPending}
              onClick={() => confirm.mutate(step)}
            >
              <Trans>Nothing has changed</Trans>
            </Button>
          )}
        </>
      )}
      {confirm.isError && <Refusal error={confirm.error} />}
    </Box>
  );
}
