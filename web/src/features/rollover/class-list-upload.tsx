import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { IMPORT_FILE_ACCEPT } from '@sp/domain';
import { ApiError } from '../../api/api-error';
import { errorMessage } from '../../api/client';
import type { ClassListAnswer } from './api/answers';
import { useUploadClassList } from './api/rollover-api';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** The server lists at most this many refused lines. */
const SHOWN_AT_MOST = 100;

/** Each refused line, as the server named it ("Line 4: S999 is not enrolled in 2025-2026."). */
function LineErrors({ error }: { error: unknown }) {
  const { t } = useLingui();
  const lines = error instanceof ApiError ? error.fieldErrors.filter((e) => e.field !== 'file') : [];
  const fix =
    lines.length === 1
      ? t`Nothing was saved. Fix this line and upload the file again`
      : t`Nothing was saved. Fix these lines and upload the file again`;
  const firstListed = t`(the first ${SHOWN_AT_MOST} are listed)`;
  return (
    <Alert severity="error" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
      {lines.length > 0 ? (
        <>
          {fix}
          {lines.length >= SHOWN_AT_MOST ? ` ${firstListed}` : ''}:
          <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 240, overflowY: 'auto' }}>
            {lines.map((e, i) => (
              <li key={i}>{e.message}</li>
            ))}
          </Box>
        </>
      ) : (
        errorMessage(error)
      )}
    </Alert>
  );
}

const saved = (a: ClassListAnswer) => {
  const { file_name: fileName, students, cleared } = a;
  if (students === 1)
    return cleared
      ? i18n._(
          msg`${fileName} saved: 1 student has a class for next year (${cleared} cleared). The preview below uses it.`,
        )
      : i18n._(msg`${fileName} saved: 1 student has a class for next year. The preview below uses it.`);
  return cleared
    ? i18n._(
        msg`${fileName} saved: ${students} students have a class for next year (${cleared} cleared). The preview below uses it.`,
      )
    : i18n._(
        msg`${fileName} saved: ${students} students have a class for next year. The preview below uses it.`,
      );
};

/** Step 2's class list for the new year (CSV or Excel: student_id, class): a class per student, all or nothing. */
export function ClassListUpload() {
  const upload = useUploadClassList();
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
        <Trans>Class list for the new year</Trans>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        <Trans>
          A CSV or Excel file with the columns student_id and class gives those students their class for next
          year, before the class moves. If any row is wrong, nothing is saved.
        </Trans>
      </Typography>
      <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={upload.isPending}>
        <Trans>Upload class list for the new year</Trans>
        <input
          hidden
          type="file"
          accept={IMPORT_FILE_ACCEPT}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Emptied, so choosing the corrected file again reads it again.
            event.target.value = '';
            if (file) upload.mutate(file);
          }}
        />
      </Button>
      {upload.isPending && (
        <Typography role="status" variant="body2" sx={{ mt: 1 }}>
          <Trans>Reading the class list…</Trans>
        </Typography>
      )}
      {upload.isError && <LineErrors error={upload.error} />}
      {upload.isSuccess && (
        <Alert severity="success" sx={{ mt: 1 }}>
          {saved(upload.data)}
        </Alert>
      )}
    </Box>
  );
}
