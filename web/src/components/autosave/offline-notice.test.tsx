import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, signInAsStudent } from '../../test/render-app';
import { STUDENT_ID, mockRegistration } from '../../test/registration-test-data';

const offlineText = 'You are offline. Your changes will be saved when the connection is back.';

describe('offline notice', { timeout: 20_000 }, () => {
  it('shows while the browser is offline and goes once nothing waits', async () => {
    mockRegistration();
    signInAsStudent(STUDENT_ID, 'Ada Lovelace');
    renderApp('/registration/student-data');
    await screen.findByRole('heading', { name: 'Student Data', level: 1 });
    expect(screen.queryByText(offlineText)).toBeNull();

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText(offlineText)).toBeTruthy();

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(offlineText)).toBeNull();
  });
});
