import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { FileProgress, type Progress } from '../file-progress';
import { t } from '@lingui/core/macro';

interface Props {
  flow: {
    file: File | null;
    progress: Progress;
    error: string | null;
    result: { message: string } | null;
  };
}

/** The file chosen, the upload under way, and how the last check or import ended. */
export function FileImportStatus({ flow }: Props) {
  const name = flow.file?.name ?? '';
  return (
    <>
      {flow.file && (
        <Typography variant="body2" sx={{ mt: 2, wordBreak: 'break-all' }}>
          {t`File: ${name}`}
        </Typography>
      )}
      <FileProgress progress={flow.progress} />
      {flow.error && (
        <Alert severity="error" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
          {flow.error}
        </Alert>
      )}
      {flow.result && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {flow.result.message}
        </Alert>
      )}
    </>
  );
}
