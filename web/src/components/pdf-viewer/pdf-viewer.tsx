import DownloadIcon from '@mui/icons-material/Download';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { plural, t } from '@lingui/core/macro';
import { visuallyHidden } from '../visually-hidden';
import { PdfPage } from './pdf-page';
import { usePdfDocument } from './use-pdf-document';
import { MAX_ZOOM, MIN_ZOOM, nextStep, previousStep, useZoom } from './use-zoom';

export interface PdfViewerProps {
  /** The PDF's address on our server. */
  src: string;
  /** What the document is ("End of Term Report, Term 1 2019-2020"), for the pages' region. */
  title: string;
  /** A Download button in the toolbar (a page that has its own leaves it out). */
  download?: boolean;
}

/** Touch targets of 44 px (WCAG 2.5.5, Apple's and Android's guidance). */
const TARGET = { minWidth: 44, minHeight: 44 };
const GAP = 8;

/** The scrolling box's inner width, followed as the screen turns or the dialog resizes. */
function useInnerWidth(el: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return width;
}

/**
 * A server-made PDF drawn page by page with pdf.js (D48): fits the width, zooms with buttons, two fingers or
 * Ctrl + wheel from 100 % to 300 %, and scrolls both ways. The PDF itself stays what is printed and
 * downloaded. Loaded on demand: pdf.js is a chunk of its own and its worker a separate file.
 */
export default function PdfViewer({ src, title, download = true }: PdfViewerProps) {
  const state = usePdfDocument(src);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const { zoom, zoomTo } = useZoom(scroller, content);
  const [renderFailed, setRenderFailed] = useState(false);
  const onRenderError = useCallback(() => setRenderFailed(true), []);
  const fitWidth = Math.max(0, useInnerWidth(scroller) - 2 * GAP);
  const pageWidth = Math.floor(fitWidth * zoom);
  const percent = `${Math.round(zoom * 100)} %`;
  const failure =
    state.status === 'error'
      ? state.message
      : renderFailed
        ? t`A page could not be drawn by this browser.`
        : null;

  const downloadButton = (
    <Button href={src} download startIcon={<DownloadIcon />} sx={TARGET}>
      {t`Download`}
    </Button>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, width: '100%' }}>
      <Box
        role="toolbar"
        aria-label={t`Document`}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <IconButton
          aria-label={t`Zoom out`}
          disabled={zoom <= MIN_ZOOM}
          onClick={() => zoomTo(previousStep(zoom))}
          sx={TARGET}
        >
          <ZoomOutIcon />
        </IconButton>
        <Typography aria-live="polite" sx={{ minWidth: 52, textAlign: 'center' }}>
          <Box component="span" sx={visuallyHidden}>
            {t`Zoom`}{' '}
          </Box>
          {percent}
        </Typography>
        <IconButton
          aria-label={t`Zoom in`}
          disabled={zoom >= MAX_ZOOM}
          onClick={() => zoomTo(nextStep(zoom))}
          sx={TARGET}
        >
          <ZoomInIcon />
        </IconButton>
        <Button onClick={() => zoomTo(MIN_ZOOM)} disabled={zoom === MIN_ZOOM} sx={TARGET}>
          {t`Fit`}
        </Button>
        <Box sx={{ flex: 1 }} />
        {download && downloadButton}
      </Box>
      <Box role="status" sx={state.status === 'loading' ? { p: 2, display: 'flex', gap: 1 } : visuallyHidden}>
        {state.status === 'loading' && <CircularProgress size={20} aria-hidden />}
        {state.status === 'loading'
          ? t`Loading the document…`
          : state.status === 'ready'
            ? plural(state.pages.length, { one: 'One page shown.', other: '# pages shown.' })
            : ''}
      </Box>
      {failure && (
        <Alert severity="error" sx={{ m: 1 }} action={downloadButton}>
          {t`The document could not be shown here: ${failure} Download it to read or print it.`}
        </Alert>
      )}
      <Box
        ref={setScroller}
        tabIndex={0}
        role="region"
        aria-label={t`${title}: pages`}
        onKeyDown={(event) => {
          if (event.key === '+' || event.key === '=') zoomTo(nextStep(zoom));
          if (event.key === '-') zoomTo(previousStep(zoom));
        }}
        sx={{
          flex: 1,
          minHeight: 0,
          overflow: 'auto',
          bgcolor: 'grey.200',
          // Two fingers zoom the pages (use-zoom.ts), not the whole screen; one finger scrolls.
          touchAction: 'pan-x pan-y',
          overscrollBehavior: 'contain',
        }}
      >
        <Box
          ref={setContent}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            gap: `${GAP}px`,
            p: `${GAP}px`,
            width: pageWidth + 2 * GAP,
            minWidth: '100%',
            boxSizing: 'border-box',
          }}
        >
          {state.status === 'ready' &&
            state.pages.map((page, i) => (
              <PdfPage
                key={i}
                page={page}
                label={t`Page ${i + 1} of ${state.pages.length}`}
                cssWidth={pageWidth}
                root={scroller}
                onRenderError={onRenderError}
              />
            ))}
        </Box>
      </Box>
    </Box>
  );
}
