import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useId } from 'react';
import { t } from '@lingui/core/macro';

// pdf.js is a chunk of its own, fetched the first time a PDF is shown as pages (ADR 0031).
const PdfViewer = lazy(() => import('./pdf-viewer/pdf-viewer'));

interface Props {
  title: string;
  /** The PDF's address on our server (served inline). */
  src: string;
  onClose: () => void;
}

/**
 * Whether to draw the PDF's pages ourselves (D48): on phones and tablets (a narrow screen or a finger for a
 * pointer), whose browsers show a PDF in a frame as one shrunken page or not at all, and wherever the browser
 * says it has no PDF viewer. A computer keeps its browser's viewer: text search, selection and Print.
 */
export function useRenderedPdf(): boolean {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const finger = useMediaQuery('(pointer: coarse)');
  return narrow || finger || navigator.pdfViewerEnabled === false;
}

function Loading() {
  return (
    <Box sx={{ p: 2 }}>
      <CircularProgress size={24} aria-label={t`Loading the document viewer`} />
    </Box>
  );
}

/**
 * A server-made PDF shown in the page: the browser's own viewer in a frame on a computer, the pages drawn
 * with pdf.js elsewhere (with its own Download when `download`).
 */
export function PdfFrame({
  title,
  src,
  minHeight,
  download = false,
}: {
  title: string;
  src: string;
  minHeight: string | number;
  download?: boolean;
}) {
  const rendered = useRenderedPdf();
  if (rendered) {
    return (
      <Box sx={{ flex: 1, minHeight, display: 'flex', border: 1, borderColor: 'divider' }}>
        <Suspense fallback={<Loading />}>
          <PdfViewer src={src} title={title} download={download} />
        </Suspense>
      </Box>
    );
  }
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
 * 93vh tall on wide screens, full screen on phones; Download, and on a computer a link to open it in its own
 * tab (to print it).
 */
export function PdfDialog({ title, src, onClose }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const rendered = useRenderedPdf();
  const titleId = useId();
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
      <DialogContent
        sx={{
          display: 'flex',
          flexDirection: 'column',
          pb: 0,
          ...(rendered && { px: 0, overflow: 'hidden' }),
        }}
      >
        <PdfFrame title={title} src={src} minHeight={0} download={rendered} />
      </DialogContent>
      <DialogActions sx={{ px: { xs: 2, sm: 3 }, gap: 1 }}>
        {!phone && (
          <Link href={src} target="_blank" rel="noopener">
            {t`Open in a new tab`}
          </Link>
        )}
        <Box sx={{ flex: 1 }} />
        {!rendered && (
          <Button href={src} download startIcon={<DownloadIcon />}>
            {t`Download`}
          </Button>
        )}
        <Button onClick={onClose} variant="contained" sx={{ minHeight: 44 }}>
          {t`Close`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
