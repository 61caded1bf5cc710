import { t } from '@lingui/core/macro';
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';

interface Props {
  open: boolean;
  label?: string;
}

/** The full-screen spinner of the spec's layout: blocks the screen while work is under way. */
export function LoadingOverlay({ open, label = t`Loading` }: Props) {
  return (
    <Backdrop open={open} sx={(theme) => ({ zIndex: theme.zIndex.modal + 1, color: '#FFFFFF' })}>
      <CircularProgress color="inherit" aria-label={label} />
    </Backdrop>
  );
}
