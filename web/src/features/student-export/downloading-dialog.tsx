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
  return (
    <Dialog open={open} aria-labelledby="downloading-title" fullWidth maxWidth="xs">
      <DialogTitle id="downloading-title">Downloading data...</DialogTitle>
      <DialogContent>
        <LinearProgress aria-label="Downloading data" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
