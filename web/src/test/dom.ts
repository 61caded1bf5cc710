/** The value of an input found by a query (there is no jest-dom here). */
export function inputValue(element: HTMLElement): string {
  if (!(element instanceof HTMLInputElement)) throw new Error('Not an input element.');
  return element.value;
}
