import { createContext, useContext } from 'react';

/**
 * What a field holds compared with the server: `clean`, `saving` (a save is under way and may still succeed)
 * or `unsaved` (failed, refused, invalid, or typed and not yet left).
 */
export type FieldSaveState = 'clean' | 'saving' | 'unsaved';

/** The page-wide tally of fields that are not safely on the server, for the leave-page warning (D14). */
export class UnsavedChanges {
  private readonly states = new Map<string, FieldSaveState>();
  private readonly listeners = new Set<() => void>();

  set(field: string, state: FieldSaveState): void {
    if ((this.states.get(field) ?? 'clean') === state) return;
    if (state === 'clean') this.states.delete(field);
    else this.states.set(field, state);
    for (const listener of this.listeners) listener();
  }

  clear(field: string): void {
    this.set(field, 'clean');
  }

  /** Anything at all that leaving now could lose. */
  readonly hasAny = (): boolean => this.states.size > 0;

  /** Something that will not reach the server by itself (saves under way are not counted). */
  readonly hasUnsaved = (): boolean => [...this.states.values()].includes('unsaved');

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export const UnsavedChangesContext = createContext<UnsavedChanges | null>(null);

/** The page's tally, or null outside a page that guards against leaving. */
export function useUnsavedChanges(): UnsavedChanges | null {
  return useContext(UnsavedChangesContext);
}
