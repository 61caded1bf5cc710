import { act, screen } from '@testing-library/react';
import { SESSION_IDLE_HEADER } from '@sp/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock';
import { renderApp, signInAsStudent } from '../test/render-app';
import { studentMe } from '../test/me-answers';

afterEach(() => {
  vi.useRealTimers();
});

describe('the idle warning', { timeout: 30_000 }, () => {
  it('counts with the idle window the server gives, so a one-minute window warns before its sign-out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAsStudent();
    mockFetch({
      'GET /api/me': () =>
        new Response(JSON.stringify(studentMe), {
          headers: { 'Content-Type': 'application/json', [SESSION_IDLE_HEADER]: '60' },
        }),
    });
    renderApp('/term-reports');
    await screen.findByRole('heading', { name: 'Select Term Report' });
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(screen.queryByRole('button', { name: 'Stay signed in' })).toBeNull();
    // The server signs out after 60 s less its 6 s write-back slack; the page offers to stay well before.
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(await screen.findByRole('button', { name: 'Stay signed in' })).toBeTruthy();
    expect(screen.getByText(/You will be signed out in \d+ seconds/)).toBeTruthy();
  });
});
