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

/** The server lists at most this many refused lines. */
const SHOWN_AT_MOST = 100;

/** Each refused line, as the server named it ("Line 4: S999 is not enrolled in 2025-2026."). */
function LineErrors({ error }: { error: unknown }) {
  const lines = error instanceof ApiError ? error.fieldErrors.filter((e) => e.field !== 'file') : [];
  return (
    <Alert severity="error" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
      {lines.length > 0 ? (
        <>
          Nothing was saved. Fix {lines.length === 1 ? 'this line' : 'these lines'} and upload the file again
          {lines.length >= SHOWN_AT_MOST ? ` (the first ${SHOWN_AT_MOST} are listed)` : ''}:
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

const saved = (a: ClassListAnswer) =>
  `${a.file_name} saved: ${a.students === 1 ? '1 student has' : `${a.students} students have`} a class for next year${a.cleared ? ` (${a.cleared} cleared)` : ''}. The preview below uses it.`;

/** Step 2's class list for the new year (CSV or Excel: student_id, class): a class per student, all or nothing. */
export function ClassListUpload() {
  const upload = useUploadClassList();
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
        Class list for the new year
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        A CSV or Excel file with the columns student_id and class gives those students their class for next
        year, before the class moves. If any row is wrong, nothing is saved.
      </Typography>
      <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={upload.isPending}>
        Upload class list for the new year
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
          Reading the class list…
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
