import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { t } from '@lingui/core/macro';

export interface Progress {
  /** Sending the file (with its percentage), then waiting while the server reads it. */
  phase: 'idle' | 'uploading' | 'working';
  percent: number;
  label: string;
}

export const idle: Progress = { phase: 'idle', percent: 0, label: '' };

/** Upload progress, then a busy bar while the server checks or imports the rows. */
export function FileProgress({ progress }: { progress: Progress }) {
  if (progress.phase === 'idle') return null;
  const uploading = progress.phase === 'uploading' && progress.percent < 100;
  const percent = progress.percent;
  const text = uploading ? t`Uploading… ${percent}%` : progress.label;
  return (
    <Box sx={{ my: 2 }}>
      <LinearProgress
        variant={uploading ? 'determinate' : 'indeterminate'}
        value={uploading ? progress.percent : undefined}
        aria-label={text}
      />
      <Typography variant="body2" role="status" sx={{ mt: 1 }}>
        {text}
      </Typography>
    </Box>
  );
}
