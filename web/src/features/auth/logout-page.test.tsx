import { LOGOUT_DELAY_MS } from '@sp/domain';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../app/query-client';
import { json, mockFetch } from '../../test/fetch-mock';
import { signInAsStudent } from '../../test/render-app';
import { LogoutPage } from './logout-page';
import { sessionKeys } from '../../api/query-keys';

const session = vi.hoisted(() => ({ reloadAtSignIn: vi.fn() }));
vi.mock('../../api/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/session')>()),
  reloadAtSignIn: session.reloadAtSignIn,
}));

describe('logout', () => {
  it('signs out, waits a second, clears the session even when the call fails, and reloads at /', async () => {
    vi.useFakeTimers();
    signInAsStudent();
    const { callsTo } = mockFetch({ 'POST /logout': () => json({ message: 'Something went wrong' }, 500) });
    const queryClient = createQueryClient({ onSessionExpired: () => undefined, retry: false });
    queryClient.setQueryData(sessionKeys.me, { full_name: 'Ada Lovelace' });

    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={['/logout']}>
            <LogoutPage />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nProvider>,
    );
    expect(screen.getByRole('progressbar', { name: 'Signing out' })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS - 1));
    expect(callsTo('POST', '/logout')).toHaveLength(1);
    expect(session.reloadAtSignIn).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('authenticated')).toBe('true');

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(sessionStorage.length).toBe(0);
    expect(queryClient.getQueryData(sessionKeys.me)).toBeUndefined();
    expect(session.reloadAtSignIn).toHaveBeenCalledTimes(1);
  });
});
