import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffUser } from '@sp/domain';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, noContent } from '../../test/fetch-mock';
import { staffMe } from '../../test/me-answers';
import { renderApp, signInAsStaff } from '../../test/render-app';
import { paths } from '../../paths';

const user = (id: number, full_name: string, second_factor: StaffUser['second_factor']): StaffUser => ({
  id,
  username: `user${id}`,
  full_name,
  role: 'admin',
  active: true,
  password_reset: false,
  classes: [],
  last_login_at: null,
  created_at: '2026-01-01T00:00:00Z',
  second_factor,
});
const me = { ...staffMe('admin'), staff_user_id: 1 };
const maria = user(1, 'Maria Admin', { totp: true, passkeys: 0 });
const keisha = user(2, 'Keisha Mohammed', { totp: true, passkeys: 2 });
const dev = user(3, 'Dev Singh', { totp: false, passkeys: 1 });
const ravi = user(4, 'Ravi Persad', { totp: false, passkeys: 0 });

function renderPanel() {
  let list = [maria, keisha, dev, ravi];
  const fetch = mockFetch({
    'GET /api/me': () => json(me),
    'GET /api/staff-users': () => json(list),
    'POST /api/staff-users/2/second-factor/reset': () => {
      list = list.map((u) => (u.id === 2 ? { ...u, second_factor: { totp: false, passkeys: 0 } } : u));
      return noContent();
    },
  });
  signInAsStaff();
  renderApp(paths.admin.staffAccounts);
  return fetch;
}

const row = async (name: string) => (await screen.findByText(name)).closest('tr')!;
const menuOf = async (name: string) => {
  await userEvent.click(within(await row(name)).getByRole('button', { name: `Actions for ${name}` }));
  return screen.getByRole('menu');
};

describe('the staff list’s second factors (D51)', () => {
  it('shows each account’s second factor', async () => {
    renderPanel();
    expect(within(await row('Maria Admin')).getByText('Authenticator app')).toBeTruthy();
    expect(within(await row('Keisha Mohammed')).getByText('App and 2 passkeys')).toBeTruthy();
    expect(within(await row('Dev Singh')).getByText('1 passkey')).toBeTruthy();
    expect(within(await row('Ravi Persad')).getByText('None')).toBeTruthy();
  });

  it('offers no reset on one’s own row, nor for an account without one', async () => {
    renderPanel();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(5));
    for (const name of ['Maria Admin', 'Ravi Persad']) {
      const menu = await menuOf(name);
      expect(within(menu).getByText('Reset password')).toBeTruthy();
      expect(within(menu).queryByText('Reset second factor')).toBeNull();
      await userEvent.keyboard('{Escape}');
    }
  });

  it('resets another’s after a dialog that names the person, and the list shows none', async () => {
    const fetch = renderPanel();
    await userEvent.click(within(await menuOf('Keisha Mohammed')).getByText('Reset second factor'));
    const dialog = screen.getByRole('dialog', { name: 'Reset second factor' });
    expect(dialog.textContent).toContain('Remove the second factor of Keisha Mohammed (app and 2 passkeys)?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.callsTo('POST', '/api/staff-users/2/second-factor/reset')).toHaveLength(1);
    expect(await within(await row('Keisha Mohammed')).findByText('None')).toBeTruthy();
  });

  it('shows the server’s refusal in the dialog', async () => {
    mockFetch({
      'GET /api/me': () => json(me),
      'GET /api/staff-users': () => json([maria, keisha]),
      'POST /api/staff-users/2/second-factor/reset': () =>
        json({ message: 'This account has no second factor to reset.' }, 409),
    });
    signInAsStaff();
    renderApp(paths.admin.staffAccounts);
    await userEvent.click(within(await menuOf('Keisha Mohammed')).getByText('Reset second factor'));
    await userEvent.click(screen.getByRole('button', { name: 'Reset second factor' }));
    expect(await screen.findByText('This account has no second factor to reset.')).toBeTruthy();
  });
});
