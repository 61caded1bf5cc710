import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../test/fetch-mock';
import { renderApp, signInAsStaff, signInAsStudent } from '../test/render-app';
import { mockRegistration } from '../test/registration-test-data';
import { staffMe } from '../test/me-answers';

describe('the avatar menu', { timeout: 20_000 }, () => {
  it('opens from the keyboard with the name, Change password and Logout for a student', async () => {
    mockRegistration();
    signInAsStudent();
    const { router } = renderApp('/dashboard');
    const user = userEvent.setup();
    const avatar = await screen.findByRole('button', { name: 'Ada Lovelace, AL: account menu' });
    avatar.focus();
    await user.keyboard('{Enter}');
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByText('Ada Lovelace')).toBeTruthy();
    expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
    await user.click(menu.getByRole('menuitem', { name: 'Change password' }));
    expect(router.state.location.pathname).toBe('/registration/change-password');
  });

  it('shows staff their name, their own Password and e-mail, and Logout', async () => {
    mockFetch({ 'GET /api/me': () => json(staffMe()), 'GET /api/students': () => json([]) });
    signInAsStaff();
    const { router } = renderApp('/admin/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Grace Hopper, GH: account menu' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByText('Grace Hopper')).toBeTruthy();
    expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
    await user.click(menu.getByRole('menuitem', { name: 'Password and e-mail' }));
    expect(router.state.location.pathname).toBe('/admin/change-password');
  });

  it('lists Change Password in the student menu', async () => {
    mockRegistration();
    signInAsStudent();
    renderApp('/term-reports');
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Open navigation menu' }))[0]!);
    expect(await screen.findByRole('link', { name: 'Change Password' })).toBeTruthy();
  });
});
