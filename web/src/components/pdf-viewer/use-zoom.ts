import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Zoom relative to the page fitting the width: 100 % to 300 % (a Legal page's 9 pt type on a phone). */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 3;
const STEPS = [1, 1.25, 1.5, 2, 2.5, 3];

const clamp = (z: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));
export const nextStep = (z: number) => STEPS.find((s) => s > z + 0.01) ?? MAX_ZOOM;
export const previousStep = (z: number) => [...STEPS].reverse().find((s) => s < z - 0.01) ?? MIN_ZOOM;

/** A point of the scrolling box, in its visible area's coordinates. */
interface Anchor {
  x: number;
  y: number;
}

const distance = (t: TouchList) => Math.hypot(t[0]!.clientX - t[1]!.clientX, t[0]!.clientY - t[1]!.clientY);

/**
 * The zoom of a scrolling box of pages. A change keeps the point under the fingers (or the centre, for the
 * buttons) where it was. Two fingers zoom the pages, not the whole screen: while they move the content is
 * only scaled by CSS, and the pages are drawn again at the new size when they lift. Ctrl + wheel (a
 * trackpad's pinch on a computer) zooms the same way.
 */
export function useZoom(scroller: HTMLElement | null, content: HTMLElement | null) {
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const current = useRef(zoom);
  const pending = useRef<{ ratio: number; x: number; y: number; left: number; top: number } | null>(null);

  const zoomTo = useCallback(
    (value: number, anchor?: Anchor) => {
      const next = clamp(value);
      const previous = current.current;
      if (Math.abs(next - previous) < 0.001) return;
      if (scroller) {
        const at = anchor ?? { x: scroller.clientWidth / 2, y: scroller.clientHeight / 2 };
        pending.current = {
          ratio: next / previous,
          ...at,
          left: scroller.scrollLeft,
          top: scroller.scrollTop,
        };
      }
      current.current = next;
      setZoom(next);
    },
    [scroller],
  );

  useLayoutEffect(() => {
    const p = pending.current;
    if (!p || !scroller) return;
    pending.current = null;
    scroller.scrollTo({ left: (p.left + p.x) * p.ratio - p.x, top: (p.top + p.y) * p.ratio - p.y });
  }, [zoom, scroller]);

  // Kept across the effect's re-runs: a page that finishes drawing mid-gesture must not lose the pinch.
  const pinchRef = useRef<{ distance: number; zoom: number; anchor: Anchor; scale: number } | null>(null);

  useEffect(() => {
    if (!scroller || !content) return;
    const local = (x: number, y: number): Anchor => {
      const box = scroller.getBoundingClientRect();
      return { x: x - box.left, y: y - box.top };
    };
    // A touch's events all go to the node it began on, even once a redraw has swapped that node out of the
    // page (a page's canvas is replaced when drawn at a new size), and from there they no longer reach the
    // scroller. During a pinch the fingers' nodes are listened to as well, for the events the scroller misses.
    const followed = new Set<EventTarget>();
    const outside = (event: TouchEvent) => event.target instanceof Node && !scroller.contains(event.target);
    const moveOutside = (event: TouchEvent) => {
      if (outside(event)) move(event);
    };
    const endOutside = (event: TouchEvent) => {
      if (outside(event)) end(event);
    };
    const unfollow = () => {
      for (const target of followed) {
        target.removeEventListener('touchmove', moveOutside as EventListener);
        target.removeEventListener('touchend', endOutside as EventListener);
        target.removeEventListener('touchcancel', endOutside as EventListener);
      }
      followed.clear();
    };
    const follow = (touches: TouchList) => {
      for (const { target } of Array.from(touches)) {
        if (target === scroller || followed.has(target)) continue;
        followed.add(target);
        target.addEventListener('touchmove', moveOutside as EventListener, { passive: false });
        target.addEventListener('touchend', endOutside as EventListener);
        target.addEventListener('touchcancel', endOutside as EventListener);
      }
    };
    const start = (event: TouchEvent) => {
      if (event.touches.length !== 2) return;
      follow(event.touches);
      const [a, b] = [event.touches[0]!, event.touches[1]!];
      pinchRef.current = {
        distance: distance(event.touches),
        zoom: current.current,
        anchor: local((a.clientX + b.clientX) / 2, (a.clientY + b.clientY) / 2),
        scale: 1,
      };
      const { anchor } = pinchRef.current;
      content.style.transformOrigin = `${scroller.scrollLeft + anchor.x}px ${scroller.scrollTop + anchor.y}px`;
    };
    // The zoom a pinch has reached is kept when the fingers lift, however long the gesture took.
    const settle = () => {
      unfollow();
      const pinch = pinchRef.current;
      if (!pinch) return;
      const { zoom: from, scale, anchor } = pinch;
      pinchRef.current = null;
      content.style.transform = '';
      zoomTo(from * scale, anchor);
    };
    const move = (event: TouchEvent) => {
      const pinch = pinchRef.current;
      if (!pinch || event.touches.length !== 2) return;
      // Without this the browser zooms the whole screen as well.
      event.preventDefault();
      pinch.scale = clamp((pinch.zoom * distance(event.touches)) / pinch.distance) / pinch.zoom;
      content.style.transform = `scale(${pinch.scale})`;
    };
    const end = (event: TouchEvent) => {
      if (event.touches.length < 2) settle();
    };
    const wheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      zoomTo(current.current * Math.exp(-event.deltaY / 200), local(event.clientX, event.clientY));
    };
    scroller.addEventListener('touchstart', start, { passive: true });
    scroller.addEventListener('touchmove', move, { passive: false });
    scroller.addEventListener('touchend', end);
    scroller.addEventListener('touchcancel', end);
    scroller.addEventListener('wheel', wheel, { passive: false });
    return () => {
      unfollow();
      scroller.removeEventListener('touchstart', start);
      scroller.removeEventListener('touchmove', move);
      scroller.removeEventListener('touchend', end);
      scroller.removeEventListener('touchcancel', end);
      scroller.removeEventListener('wheel', wheel);
    };
  }, [scroller, content, zoomTo]);

  return { zoom, zoomTo };
}
