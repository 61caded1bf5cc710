import type { KeyboardEvent } from 'react';

/** Keeps the digits of what was typed or pasted, up to `max`. */
export const digitsOnly = (value: string, max: number): string => value.replace(/\D/g, '').slice(0, max);

/** Phone and number boxes: a key that would type anything but a digit does nothing (spec section 5). */
export function blockNonDigitKeys(event: KeyboardEvent<HTMLElement>): void {
  const printable = event.key.length === 1;
  if (printable && !/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey)
    event.preventDefault();
}
