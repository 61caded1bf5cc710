import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import type { SaveValue } from './autosave-machine';
import { SaveStatusIcon } from './save-status-icon';
import { useFieldAutosave, type FieldAutosave } from './use-field-autosave';

/** A save the test settles by hand. */
function pendingSave() {
  let resolve: () => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Pending = ReturnType<typeof pendingSave>;

function setUp(initial: SaveValue | null = 'old') {
  const sends: { value: SaveValue; save: Pending }[] = [];
  const save = vi.fn((value: SaveValue) => {
    const pending = pendingSave();
    sends.push({ value, save: pending });
    return pending.promise;
  });
  let api: FieldAutosave | undefined;
  function Harness() {
    const autosave = useFieldAutosave({ name: 'first_name', initial, save });
    api = autosave;
    return (
      <>
        <SaveStatusIcon {...autosave} />
        {autosave.error && <p>{autosave.error}</p>}
      </>
    );
  }
  render(
    <I18nProvider i18n={i18n}>
      <Harness />
    </I18nProvider>,
  );
  const commit = async (value: SaveValue) => {
    await act(async () => api?.commit(value));
  };
  const settle = async (index: number, error?: unknown) => {
    await act(async () => {
      const send = sends[index];
      if (!send) throw new Error(`No save #${index}`);
      if (error === undefined) send.save.resolve();
      else send.save.reject(error);
      await send.save.promise.catch(() => undefined);
    });
  };
  const advance = async (ms: number) => {
    await act(async () => {
      vi.advanceTimersByTime(ms);
    });
  };
  return { sends, save, commit, settle, advance, state: () => api };
}

const icon = (name: string) => screen.queryByRole('img', { name });
const spinner = () => screen.queryByRole('progressbar', { name: 'Saving' });

describe('field autosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the spinner only after 600 ms, then the check mark on success', async () => {
    const { commit, settle, advance, sends } = setUp();
    await commit('new');
    expect(sends.map((s) => s.value)).toEqual(['new']);
    await advance(599);
    expect(spinner()).toBeNull();
    await advance(1);
    expect(spinner()).not.toBeNull();

    await settle(0);
    expect(spinner()).toBeNull();
    expect(icon('Saved')).not.toBeNull();
  });

  it('goes straight to the check mark when the save is quick', async () => {
    const { commit, settle, advance } = setUp();
    await commit('new');
    await advance(100);
    await settle(0);
    await advance(1000);
    expect(spinner()).toBeNull();
    expect(icon('Saved')).not.toBeNull();
  });

  it('sends nothing when the value is what the server already has', async () => {
    const { commit, save } = setUp('same');
    await commit('same');
    expect(save).not.toHaveBeenCalled();
  });

  it('shows the alert on a network failure, retries with back-off, and the success clears it', async () => {
    const { commit, settle, advance, sends, state } = setUp();
    await commit('new');
    await settle(0, new ApiError(0, 'Cannot reach the server.'));
    expect(icon('Not saved — retrying')).not.toBeNull();
    expect(state()?.unsaved).toBe(true);

    await advance(1999);
    expect(sends).toHaveLength(1);
    await advance(1);
    expect(sends.map((s) => s.value)).toEqual(['new', 'new']);
    // The alert stays while the retry is under way.
    await settle(1, new ApiError(503, 'Service unavailable'));
    await advance(3999);
    expect(sends).toHaveLength(2);
    await advance(1);
    expect(sends).toHaveLength(3);

    await settle(2);
    expect(icon('Not saved — retrying')).toBeNull();
    expect(icon('Saved')).not.toBeNull();
    expect(state()?.unsaved).toBe(false);
  });

  it('retries at once when the browser comes back online', async () => {
    const { commit, settle, sends } = setUp();
    await commit('new');
    await settle(0, new ApiError(0, 'Cannot reach the server.'));
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(sends).toHaveLength(2);
    await settle(1);
    expect(icon('Saved')).not.toBeNull();
  });

  it('sends a value typed during a save after that save, one at a time, newest only', async () => {
    const { commit, settle, sends } = setUp();
    await commit('first');
    await commit('second');
    await commit('third');
    expect(sends.map((s) => s.value)).toEqual(['first']);

    await settle(0);
    expect(sends.map((s) => s.value)).toEqual(['first', 'third']);
    expect(icon('Saved')).toBeNull();
    await settle(1);
    expect(icon('Saved')).not.toBeNull();
  });

  it("shows the server's message for a 400 and does not retry", async () => {
    const { commit, settle, advance, sends } = setUp();
    await commit('x'.repeat(30));
    await settle(
      0,
      new ApiError(400, 'At most 20 characters.', [
        { field: 'first_name', message: 'At most 20 characters.' },
      ]),
    );
    expect(screen.getByText('At most 20 characters.')).toBeTruthy();
    expect(icon('Not saved')).not.toBeNull();
    await advance(120_000);
    expect(sends).toHaveLength(1);
  });
});
