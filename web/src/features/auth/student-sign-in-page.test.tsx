import { messages } from '@sp/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { inputValue } from '../../test/dom';

const loginAnswer = (password_reset: 0 | 1) => () =>
  json({ name: 'Ada Lovelace', student_id: '20240001', password_reset });

async function typeCredentials(password: string) {
  const user = userEvent.setup();
  renderApp('/');
  await user.type(await screen.findByLabelText('Student ID'), '20240001{Enter}');
  expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  await user.type(screen.getByLabelText('Password'), `${password}{Enter}`);
  return user;
}

describe('student sign-in', () => {
  it('moves from the ID to the password on Enter without submitting', async () => {
    const { callsTo } = mockFetch({ 'POST /api/login-student': loginAnswer(0) });
    const user = userEvent.setup();
    renderApp('/');

    const id = await screen.findByLabelText('Student ID');
    await user.type(id, '20240001{Enter}');

    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(callsTo('POST', '/api/login-student')).toHaveLength(0);
    expect(screen.getByLabelText('Password').getAttribute('placeholder')).toBe('Enter password');
    expect(screen.getByText('First time? Enter the date of birth as yyyymmdd.')).toBeTruthy();
  });

  it('submits on Enter in the password, signs in and opens the dashboard', async () => {
    const { callsTo, calls } = mockFetch({
      'POST /api/login-student': loginAnswer(0),
      'GET /api/me': () =>
        json({
          kind: 'student',
          student_id: '20240001',
          name: 'Ada Lovelace',
          full_name: 'Ada Lovelace',
          limited: false,
        }),
    });
    await typeCredentials('a-long-password');

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeTruthy();
    expect(callsTo('POST', '/api/login-student')[0]?.body).toEqual({
      student_id: '20240001',
      password: 'a-long-password',
    });
    // The security cookie is fetched first (spec section 4).
    const csrf = calls.findIndex((c) => c.path === '/sanctum/csrf-cookie');
    const login = calls.findIndex((c) => c.path === '/api/login-student');
    expect(csrf).toBeGreaterThanOrEqual(0);
    expect(csrf).toBeLessThan(login);
    expect(sessionStorage.getItem('authenticated')).toBe('true');
    expect(sessionStorage.getItem('userID')).toBe('20240001');
    expect(sessionStorage.getItem('name')).toBe('Ada Lovelace');
    expect(sessionStorage.getItem('staff')).toBeNull();
  });

  it('sends the XSRF token from the cookie with the sign-in', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D.def; path=/';
    const { callsTo } = mockFetch({ 'POST /api/login-student': loginAnswer(0) });
    await typeCredentials('a-long-password');

    await waitFor(() => expect(callsTo('POST', '/api/login-student')).toHaveLength(1));
    expect(callsTo('POST', '/api/login-student')[0]?.headers['X-XSRF-TOKEN']).toBe('abc=.def');
  });

  it('shows the new-password fields when the answer has password_reset 1', async () => {
    mockFetch({ 'POST /api/login-student': loginAnswer(1) });
    await typeCredentials('20100415');

    expect(await screen.findByLabelText('New Password')).toBeTruthy();
    expect(screen.getByLabelText('Confirm New Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeTruthy();
    expect(sessionStorage.getItem('authenticated')).toBe('false');
  });

  it('reports a mismatch and sends nothing', async () => {
    const { callsTo } = mockFetch({ 'POST /api/login-student': loginAnswer(1) });
    const user = await typeCredentials('20100415');

    await user.type(await screen.findByLabelText('New Password'), 'Plum-Tree-42');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Plum-Tree-43');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText(messages.passwordsDoNotMatch)).toBeTruthy();
    expect(callsTo('POST', '/api/change-password-student')).toHaveLength(0);
  });

  it('sets the new password and signs in', async () => {
    const { callsTo } = mockFetch({
      'POST /api/login-student': loginAnswer(1),
      'POST /api/change-password-student': () => json({ name: 'Ada Lovelace', student_id: '20240001' }),
      'GET /api/me': () =>
        json({
          kind: 'student',
          student_id: '20240001',
          name: 'Ada Lovelace',
          full_name: 'Ada Lovelace',
          limited: false,
        }),
    });
    const user = await typeCredentials('20100415');

    await user.type(await screen.findByLabelText('New Password'), 'Plum-Tree-42');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Plum-Tree-42');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeTruthy();
    expect(callsTo('POST', '/api/change-password-student')[0]?.body).toEqual({
      student_id: '20240001',
      password: 'Plum-Tree-42',
    });
    expect(sessionStorage.getItem('authenticated')).toBe('true');
  });

  it('shows the server message of a refused password and keeps what was typed', async () => {
    mockFetch({
      'POST /api/login-student': loginAnswer(1),
      'POST /api/change-password-student': () =>
        json(
          {
            message: messages.passwordTooCommon,
            errors: [{ field: 'password', message: messages.passwordTooCommon }],
          },
          400,
        ),
    });
    const user = await typeCredentials('20100415');

    await user.type(await screen.findByLabelText('New Password'), 'password123');
    await user.type(screen.getByLabelText('Confirm New Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect((await screen.findByRole('alert')).textContent).toMatch(messages.passwordTooCommon);
    expect(inputValue(screen.getByLabelText('New Password'))).toBe('password123');
  });

  it.each([
    [401, messages.loginFailed],
    [429, messages.tooManyAttempts],
  ])('shows the server message of a %i', async (status, message) => {
    mockFetch({ 'POST /api/login-student': () => json({ message }, status) });
    await typeCredentials('wrong-password');

    expect((await screen.findByRole('alert')).textContent).toMatch(message);
    expect(sessionStorage.getItem('authenticated')).toBe('false');
    expect(inputValue(screen.getByLabelText('Student ID'))).toBe('20240001');
  });

  it('explains a network failure', async () => {
    mockFetch({ 'POST /api/login-student': () => Promise.reject(new TypeError('Failed to fetch')) });
    await typeCredentials('a-long-password');

    expect((await screen.findByRole('alert')).textContent).toMatch(/cannot reach the server/i);
  });
});
