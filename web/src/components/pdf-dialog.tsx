import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

interface Props {
  title: string;
  /** The PDF's address on our server (served inline). */
  src: string;
  onClose: () => void;
  /** The document's height on a phone (the report card's dialog: 80vh). */
  phoneFrameHeight?: string;
}

/** A server-made PDF shown in the page, in the browser's own viewer. */
export function PdfFrame({
  title,
  src,
  minHeight,
}: {
  title: string;
  src: string;
  minHeight: string | number;
}) {
  return (
    <Box
      component="iframe"
      title={title}
      src={src}
      sx={{ flex: 1, minHeight, width: '100%', border: 1, borderColor: 'divider' }}
    />
  );
}

/**
 * A server-made PDF in a full-width dialog with Close (spec: the registration form and report card dialogs):
 * 93vh tall on wide screens, full screen on phones, with a link to open it in its own tab where a phone's
 * browser cannot show a PDF in a frame.
 */
export function PdfDialog({ title, src, onClose, phoneFrameHeight = '70vh' }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = 'pdf-dialog-title';
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="xl"
      fullScreen={phone}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { height: phone ? undefined : '93vh' } } }}
    >
      <DialogTitle id={titleId} sx={{ pb: 1 }}>
        {title}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, pb: 0 }}>
        <PdfFrame title={title} src={src} minHeight={phone ? phoneFrameHeight : 0} />
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3 }}>
        <Link href={src} target="_blank" rel="noopener">
          Open in a new tab
        </Link>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
