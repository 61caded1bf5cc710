import { act, screen, waitFor, within } from '@testing-library/react';
import { queries } from '@testing-library/dom';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { STAY_SIGNED_IN_WARNING_MS, DEFAULT_SESSION_IDLE_MINUTES } from '@sp/domain';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fetch-mock';
import { renderApp, signInAsStudent } from '../../test/render-app';
import { STUDENT_ID, mockRegistration, saved } from '../../test/registration-test-data';

/** The first save meets an ended session (401); later ones go through. */
function mockSessionEnd(loginAs: string) {
  let first = true;
  return mockRegistration(
    {},
    {
      'POST /api/student': () => {
        if (!first) return saved();
        first = false;
        return json({ message: 'Please sign in.' }, 401);
      },
      'POST /api/login-student': () => json({ student_id: loginAs, name: 'Someone', password_reset: 0 }),
    },
  );
}

async function typeAndLeavePhone() {
  signInAsStudent(STUDENT_ID, 'Ada Lovelace');
  const view = renderApp('/registration/student-data');
  await screen.findByRole('heading', { name: 'Student Data', level: 1 });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Mobile Phone'), '6781234');
  await user.tab();
  const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
  return { ...view, user, dialog: within(dialog) };
}

async function signInInDialog(dialog: ReturnType<typeof within<typeof queries>>, user: UserEvent) {
  const id = dialog.getByLabelText('Student ID');
  await user.clear(id);
  await user.type(id, STUDENT_ID);
  await user.type(dialog.getByLabelText('Password', { exact: true }), 'Portal-demo-2026');
  await user.click(dialog.getByRole('button', { name: /login/i }));
}

describe('a session that ends while typing (D26)', { timeout: 30_000 }, () => {
  it('keeps the page, asks to sign in over it, and resends the value for the same student', async () => {
    const { callsTo } = mockSessionEnd(STUDENT_ID);
    const { user, dialog, router } = await typeAndLeavePhone();
    expect(router.state.location.pathname).toBe('/registration/student-data');
    await signInInDialog(dialog, user);

    await waitFor(() => expect(callsTo('POST', '/api/student')).toHaveLength(2));
    expect(callsTo('POST', '/api/student')[1]?.body).toEqual({ id: STUDENT_ID, phone_home: '6781234' });
    expect(callsTo('GET', '/sanctum/csrf-cookie').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign in again' })).toBeNull());
    expect(await screen.findByRole('img', { name: 'Saved' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/registration/student-data');
  });

  it('drops the values and opens the dashboard when another student signs in', async () => {
    const { callsTo } = mockSessionEnd('20249999');
    const { user, dialog, router } = await typeAndLeavePhone();
    await signInInDialog(dialog, user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(callsTo('POST', '/api/student')).toHaveLength(1);
    expect(sessionStorage.getItem('userID')).toBe('20249999');
  });
});

describe('stay signed in', { timeout: 30_000 }, () => {
  it('offers to stay signed in two minutes before the idle sign-out, and asks the server', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { callsTo } = mockRegistration();
    signInAsStudent(STUDENT_ID, 'Ada Lovelace');
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: /Welcome/ });
    const before = callsTo('GET', '/api/me').length;
    await act(() =>
      vi.advanceTimersByTimeAsync(DEFAULT_SESSION_IDLE_MINUTES * 60_000 - STAY_SIGNED_IN_WARNING_MS + 1000),
    );
    const button = await screen.findByRole('button', { name: 'Stay signed in' });
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(button);
    await waitFor(() => expect(callsTo('GET', '/api/me').length).toBe(before + 1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stay signed in' })).toBeNull());
  });
});
