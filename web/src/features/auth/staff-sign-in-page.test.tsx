import { messages } from '@sp/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

const staffAnswer = { name: 'Admin', username: 'admin', full_name: 'Grace Hopper', password_reset: 0 };

describe('staff sign-in', () => {
  it('says an empty username is empty and sends nothing', async () => {
    const { callsTo } = mockFetch({});
    const user = userEvent.setup();
    renderApp('/admin');

    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText(messages.usernameEmpty)).toBeTruthy();
    expect(callsTo('POST', '/api/admin-login')).toHaveLength(0);
  });

  it('signs in and opens the staff dashboard', async () => {
    const { callsTo } = mockFetch({
      'POST /api/admin-login': () => json({ ...staffAnswer, second_factor: null }),
      'GET /api/me': () =>
        json({ kind: 'staff', student_id: null, name: 'Admin', full_name: 'Grace Hopper', limited: false }),
      'GET /api/students': () => json([]),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin');

    await user.type(await screen.findByLabelText('Username'), 'admin{Enter}');
    await user.type(screen.getByLabelText('Password'), 'correct horse{Enter}');

    expect(await screen.findByRole('heading', { name: 'Students' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(callsTo('POST', '/api/admin-login')[0]?.body).toEqual({
      name: 'admin',
      password: 'correct horse',
    });
    expect(sessionStorage.getItem('staff')).toBe('true');
    expect(sessionStorage.getItem('admin')).toBeNull();
    expect(sessionStorage.getItem('name')).toBe('Grace Hopper');
    expect(await screen.findByRole('button', { name: 'Grace Hopper, GH: account menu' })).toBeTruthy();
  });

  it('shows the first field error of a refused sign-in', async () => {
    mockFetch({
      'POST /api/admin-login': () =>
        json(
          { message: 'Invalid request.', errors: [{ field: 'name', message: 'At most 50 characters.' }] },
          400,
        ),
    });
    const user = userEvent.setup();
    renderApp('/admin');

    await user.type(await screen.findByLabelText('Username'), 'admin{Enter}');
    await user.type(screen.getByLabelText('Password'), 'x{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('At most 50 characters.');
  });
});
