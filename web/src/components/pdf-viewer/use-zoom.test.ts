import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useZoom } from './use-zoom';

/** A touch event as the browser sends it: two fingers `spread` px either side of x 200 (none once lifted). */
function touch(type: 'touchstart' | 'touchmove' | 'touchend', at: EventTarget, spread: number | null) {
  const fingers = spread === null ? [] : [200 - spread, 200 + spread];
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'touches', {
    value: fingers.map((clientX) => ({ clientX, clientY: 300, target: at })),
  });
  act(() => void at.dispatchEvent(event));
}

function viewer() {
  const scroller = document.createElement('div');
  const content = document.createElement('div');
  const page = document.createElement('canvas');
  scroller.scrollTo = () => undefined;
  content.append(page);
  scroller.append(content);
  document.body.append(scroller);
  const { result } = renderHook(() => useZoom(scroller, content));
  return { content, page, result };
}

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('a two-finger pinch', () => {
  it('zooms by how far the fingers spread', () => {
    const { page, result } = viewer();
    touch('touchstart', page, 40);
    touch('touchmove', page, 80);
    touch('touchend', page, null);
    expect(result.current.zoom).toBeCloseTo(2);
  });

  it('still zooms when the page under the fingers is redrawn mid-pinch', () => {
    const { content, page, result } = viewer();
    touch('touchstart', page, 40);
    // The page's sharper canvas replaces the one the fingers landed on; their events keep going to the old one.
    content.replaceChildren(document.createElement('canvas'));
    touch('touchmove', page, 60);
    touch('touchmove', page, 100);
    touch('touchend', page, null);
    expect(result.current.zoom).toBeCloseTo(2.5);
  });

  it('is not cut short by fingers that pause on a busy phone', () => {
    vi.useFakeTimers();
    const { page, result } = viewer();
    touch('touchstart', page, 40);
    touch('touchmove', page, 60);
    act(() => void vi.advanceTimersByTime(1000));
    touch('touchmove', page, 100);
    touch('touchend', page, null);
    expect(result.current.zoom).toBeCloseTo(2.5);
  });
});
