import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';

interface Props {
  open: boolean;
  onCancel: () => void;
}

/** The spec's modal while the export downloads, with an indeterminate progress bar. */
export function DownloadingDialog({ open, onCancel }: Props) {
  const { t } = useLingui();
  return (
    <Dialog open={open} aria-labelledby="downloading-title" fullWidth maxWidth="xs">
      <DialogTitle id="downloading-title">
        <Trans>Downloading data...</Trans>
      </DialogTitle>
      <DialogContent>
        <LinearProgress aria-label={t`Downloading data`} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
