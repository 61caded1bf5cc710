import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  AutosaveMachine,
  type AutosaveHandlers,
  type AutosaveSnapshot,
  type SaveValue,
} from './autosave-machine';
import { useUnsavedChanges, type FieldSaveState } from './unsaved-changes';

export interface FieldAutosaveOptions extends AutosaveHandlers {
  /** The field name: the key in the page's unsaved-changes tally and in a 400 answer's errors. */
  name: string;
  /** The value the server holds when the field appears. */
  initial: SaveValue | null;
  /** The user has typed something not yet handed to `commit` (or it failed validation). */
  uncommitted?: boolean;
}

export interface FieldAutosave extends AutosaveSnapshot {
  commit: (value: SaveValue) => void;
}

function tallyState(snapshot: AutosaveSnapshot, uncommitted: boolean): FieldSaveState {
  if (uncommitted || snapshot.phase === 'failed') return 'unsaved';
  return snapshot.unsaved ? 'saving' : 'clean';
}

/** One field's save cycle (see AutosaveMachine), reported to the page's unsaved-changes tally. */
export function useFieldAutosave(options: FieldAutosaveOptions): FieldAutosave {
  const { name, initial, uncommitted = false, save, onRejected, onSignedOut } = options;
  const [machine] = useState(() => new AutosaveMachine({ initial, field: name }));
  useEffect(() => {
    machine.setHandlers({ save, onRejected, onSignedOut });
  }, [machine, save, onRejected, onSignedOut]);
  useEffect(() => {
    machine.start();
    return () => machine.stop();
  }, [machine]);
  const snapshot = useSyncExternalStore(machine.subscribe, machine.getSnapshot);

  const tally = useUnsavedChanges();
  const state = tallyState(snapshot, uncommitted);
  useEffect(() => {
    tally?.set(name, state);
  }, [tally, name, state]);
  useEffect(() => () => tally?.clear(name), [tally, name]);

  return { ...snapshot, commit: machine.commit };
}
