import Box from '@mui/material/Box';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { useEffect, useRef, useState } from 'react';

/**
 * A canvas's pixels at most: iOS Safari refuses a canvas over 16.7 million, and a Legal page at 300 % on a
 * 3× screen would be 15 million; above this the page is drawn at a lower density and stretched.
 */
const MAX_CANVAS_PIXELS = 10_000_000;
/** A zoom or a resize redraws once the change has settled; the old drawing stretches meanwhile. */
const REDRAW_DELAY_MS = 120;

interface Props {
  page: PDFPageProxy;
  /** "Page 1 of 2": the page's accessible name. */
  label: string;
  cssWidth: number;
  /** The scrolling box: pages are drawn only near what it shows. */
  root: HTMLElement | null;
  onRenderError: () => void;
}

/** Whether the element is within a screen's height of the visible part of `root`. */
function useNearView(ref: React.RefObject<HTMLElement | null>, root: HTMLElement | null): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || !root) return;
    const observer = new IntersectionObserver((entries) => setNear(entries.some((e) => e.isIntersecting)), {
      root,
      rootMargin: '100% 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, root]);
  return near;
}

const isCancel = (error: unknown) => error instanceof Error && error.name === 'RenderingCancelledException';

/**
 * One page drawn on a canvas at the screen's pixel density, so text stays sharp at any zoom. A page far from
 * view gives its canvas back (a 40-page report at full density would not fit a phone's memory).
 */
export function PdfPage({ page, label, cssWidth, root, onRenderError }: Props) {
  const holder = useRef<HTMLDivElement>(null);
  const near = useNearView(holder, root);
  const base = page.getViewport({ scale: 1 });
  const cssHeight = (cssWidth * base.height) / base.width;

  useEffect(() => {
    const box = holder.current;
    if (!box) return;
    if (!near || cssWidth <= 0) {
      box.replaceChildren();
      return;
    }
    let task: ReturnType<PDFPageProxy['render']> | null = null;
    const draw = () => {
      const cssPixels = cssWidth * ((cssWidth * base.height) / base.width);
      const density = Math.min(window.devicePixelRatio || 1, Math.sqrt(MAX_CANVAS_PIXELS / cssPixels));
      const viewport = page.getViewport({ scale: (cssWidth / base.width) * density });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.display = 'block';
      canvas.style.width = '100%';
      canvas.style.height = '100%';
      canvas.setAttribute('aria-hidden', 'true');
      task = page.render({ canvas, viewport });
      task.promise.then(
        () => box.replaceChildren(canvas),
        (error: unknown) => {
          if (!isCancel(error)) onRenderError();
        },
      );
    };
    const timer = window.setTimeout(draw, box.firstChild ? REDRAW_DELAY_MS : 0);
    return () => {
      window.clearTimeout(timer);
      task?.cancel();
    };
  }, [near, cssWidth, page, base.width, base.height, onRenderError]);

  return (
    <Box
      ref={holder}
      role="img"
      aria-label={label}
      sx={{
        width: cssWidth,
        height: cssHeight,
        flex: 'none',
        mx: 'auto',
        bgcolor: 'common.white',
        boxShadow: 1,
      }}
    />
  );
}
