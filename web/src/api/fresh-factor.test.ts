import { FRESH_FACTOR_FIELD, secondFactorMessages } from '@sp/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, noContent } from '../test/fetch-mock';
import { apiGet, apiSend } from './client';
import { fetchFile } from './download';
import { freshFactorStore } from './fresh-factor';

const askAgain = () =>
  json(
    {
      message: secondFactorMessages.freshRequired,
      errors: [{ field: FRESH_FACTOR_FIELD, message: secondFactorMessages.freshRequired }],
    },
    403,
  );

const anything = { safeParse: (value: unknown) => ({ success: true as const, data: value }) };

/** Replies in turn, the last one for every call after. */
const inTurn = (...replies: (() => Response)[]) => {
  let n = 0;
  return () => replies[Math.min(n++, replies.length - 1)]!();
};

const whenAsked = () =>
  new Promise<void>((done) => {
    const stop = freshFactorStore.subscribe(() => {
      if (!freshFactorStore.isAsking()) return;
      stop();
      done();
    });
  });

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
});

describe('asking for the second factor again', () => {
  it('opens one dialog for two refused calls, then repeats each once', async () => {
    unmount = freshFactorStore.mount();
    const { callsTo } = mockFetch({
      'POST /api/settings': inTurn(askAgain, noContent),
      'GET /api/backups/latest': inTurn(askAgain, () => json({ last: null })),
    });
    const asked = whenAsked();
    const save = apiSend('POST', '/api/settings', { school_name: 'X' });
    const read = apiGet('/api/backups/latest', anything);
    await asked;
    // The second refusal (after the POST's security token) joins the dialog already open.
    await vi.waitFor(() => expect(callsTo('POST', '/api/settings')).toHaveLength(1));
    await new Promise((settle) => setTimeout(settle, 20));
    expect(freshFactorStore.isAsking()).toBe(true);
    freshFactorStore.answer(true);
    await expect(save).resolves.toBeUndefined();
    await expect(read).resolves.toEqual({ last: null });
    expect(callsTo('POST', '/api/settings')).toHaveLength(2);
    expect(callsTo('GET', '/api/backups/latest')).toHaveLength(2);
    expect(freshFactorStore.isAsking()).toBe(false);
  });

  /** A save the server always refuses for the second factor; the dialog answers `confirmed`. */
  const refusedAlways = async (confirmed: boolean) => {
    unmount = freshFactorStore.mount();
    const { callsTo } = mockFetch({ 'POST /api/settings': askAgain });
    const asked = whenAsked();
    const save = apiSend('POST', '/api/settings', {});
    await asked;
    freshFactorStore.answer(confirmed);
    await expect(save).rejects.toThrow(secondFactorMessages.freshRequired);
    expect(freshFactorStore.isAsking()).toBe(false);
    return callsTo('POST', '/api/settings').length;
  };

  it('cancelled: the call fails with the server’s message and is not repeated', async () => {
    expect(await refusedAlways(false)).toBe(1);
  });

  it('asks once only: refused again after the answer, the refusal stands', async () => {
    expect(await refusedAlways(true)).toBe(2);
  });

  it('with no dialog on screen, nothing is asked', async () => {
    mockFetch({ 'POST /api/settings': askAgain });
    await expect(apiSend('POST', '/api/settings', {})).rejects.toThrow(secondFactorMessages.freshRequired);
    expect(freshFactorStore.isAsking()).toBe(false);
  });

  it('another 403 opens no dialog', async () => {
    unmount = freshFactorStore.mount();
    mockFetch({ 'POST /api/settings': () => json({ message: 'This is for administrators.' }, 403) });
    await expect(apiSend('POST', '/api/settings', {})).rejects.toThrow('This is for administrators.');
    expect(freshFactorStore.isAsking()).toBe(false);
  });

  it('a download asks too, and is fetched again once confirmed', async () => {
    unmount = freshFactorStore.mount();
    const { callsTo } = mockFetch({
      'GET /api/registration-data-spreadsheet': inTurn(askAgain, () => new Response('xlsx')),
    });
    const asked = whenAsked();
    const file = fetchFile('/api/registration-data-spreadsheet');
    await asked;
    freshFactorStore.answer(true);
    await expect((await file).text()).resolves.toBe('xlsx');
    expect(callsTo('GET', '/api/registration-data-spreadsheet')).toHaveLength(2);
  });

  it('the dialog leaving the screen answers no for the calls waiting', async () => {
    const leave = freshFactorStore.mount();
    mockFetch({ 'POST /api/settings': askAgain });
    const asked = whenAsked();
    const save = apiSend('POST', '/api/settings', {});
    await asked;
    leave();
    await expect(save).rejects.toThrow(secondFactorMessages.freshRequired);
  });
});
