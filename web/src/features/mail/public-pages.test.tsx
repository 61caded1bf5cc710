import { messages } from '@sp/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, noContent } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

const token = 'a'.repeat(43);

describe('forgot password', () => {
  it('is linked from the student sign-in page and answers the same without saying how many were sent', async () => {
    const { callsTo } = mockFetch({ 'POST /api/forgot-password': () => json({ message: 'sent' }) });
    const user = userEvent.setup();
    const { router } = renderApp('/');

    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(messages.required)).toBeTruthy();
    expect(callsTo('POST', '/api/forgot-password')).toHaveLength(0);

    await user.type(screen.getByLabelText('Student ID'), ' 2026001 {Enter}');
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(
      'If this student has a confirmed e-mail address, we have sent a link to it. It works for 30 minutes.',
    );
    expect(callsTo('POST', '/api/forgot-password')[0]?.body).toEqual({ student_id: '2026001' });
  });

  it('takes a username from the staff sign-in page', async () => {
    const { callsTo } = mockFetch({ 'POST /api/admin/forgot-password': () => json({ message: 'sent' }) });
    const user = userEvent.setup();
    const { router } = renderApp('/admin');

    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(router.state.location.pathname).toBe('/admin/forgot-password');
    await user.type(await screen.findByLabelText('Username'), 'kmohammed{Enter}');
    expect((await screen.findByRole('status')).textContent).toContain('If this account has a confirmed');
    expect(callsTo('POST', '/api/admin/forgot-password')[0]?.body).toEqual({ username: 'kmohammed' });
  });
});

describe('reset password from a link', () => {
  it('says a used or expired link is dead and offers a new one', async () => {
    const { callsTo } = mockFetch({
      'GET /api/password-link': () => json({ valid: false, kind: null }),
    });
    renderApp(`/reset-password?token=${token}`);

    expect((await screen.findByRole('alert')).textContent).toContain('expired or has already been used');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(callsTo('GET', '/api/password-link')[0]?.query).toEqual({ token });
  });

  it('checks the confirmation before sending, then sends the new password and leads to the staff sign-in', async () => {
    const { callsTo } = mockFetch({
      'GET /api/password-link': () => json({ valid: true, kind: 'staff' }),
      'POST /api/password-link': () => json({ kind: 'staff' }),
    });
    const user = userEvent.setup();
    renderApp(`/reset-password?token=${token}`);

    await user.type(await screen.findByLabelText('New Password'), 'a-new-pass-2026');
    await user.type(screen.getByLabelText('Confirm New Password'), 'different{Enter}');
    expect(await screen.findByText(messages.passwordsDoNotMatch)).toBeTruthy();
    expect(callsTo('POST', '/api/password-link')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'a-new-pass-2026{Enter}');
    const link = await screen.findByRole('link', { name: 'Sign in with the new password' });
    expect(link.getAttribute('href')).toBe('/admin');
    expect(callsTo('POST', '/api/password-link')[0]?.body).toEqual({
      token,
      password: 'a-new-pass-2026',
      password_confirmation: 'a-new-pass-2026',
    });
  });

  it("shows the server's refusal of a weak password and keeps the form", async () => {
    mockFetch({
      'GET /api/password-link': () => json({ valid: true, kind: 'student' }),
      'POST /api/password-link': () =>
        json({ message: 'Invalid request.', errors: [{ field: 'password', message: 'Too common.' }] }, 422),
    });
    const user = userEvent.setup();
    renderApp(`/reset-password?token=${token}`);
    await user.type(await screen.findByLabelText('New Password'), 'password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'password{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('Too common.');
    expect(screen.getByRole('button', { name: 'Set the new password' })).toBeTruthy();
  });
});

describe('confirm an address', () => {
  it('confirms on the button, not when the page opens', async () => {
    const { callsTo } = mockFetch({
      'POST /api/mail/confirm': () => json({ address: 'mum@example.com', kind: 'student' }),
    });
    const user = userEvent.setup();
    renderApp(`/confirm-email?token=${token}`);

    const button = await screen.findByRole('button', { name: 'Confirm my address' });
    expect(callsTo('POST', '/api/mail/confirm')).toHaveLength(0);
    await user.click(button);
    expect((await screen.findByRole('status')).textContent).toContain('mum@example.com');
    expect(callsTo('POST', '/api/mail/confirm')[0]?.body).toEqual({ token });
  });

  it("shows the server's refusal of a used link", async () => {
    mockFetch({
      'POST /api/mail/confirm': () => json({ message: 'This link has already been used.' }, 410),
    });
    const user = userEvent.setup();
    renderApp(`/confirm-email?token=${token}`);
    await user.click(await screen.findByRole('button', { name: 'Confirm my address' }));
    expect((await screen.findByRole('alert')).textContent).toContain('already been used');
  });
});

describe('unsubscribe', () => {
  it('names the address and the kind of e-mail, and stops it on the button', async () => {
    const { callsTo } = mockFetch({
      'GET /api/mail/unsubscribe': () => json({ address: 'dad@example.com', kind: 'report_cards_posted' }),
      'POST /api/mail/unsubscribe': () => noContent(),
    });
    const user = userEvent.setup();
    renderApp(`/unsubscribe?token=${token}`);

    const main = await screen.findByRole('main');
    expect((await within(main).findByText('dad@example.com')).tagName).toBe('STRONG');
    expect(within(main).getByText('report cards posted')).toBeTruthy();
    expect(callsTo('POST', '/api/mail/unsubscribe')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('status')).textContent).toContain('will no longer get e-mails');
    expect(callsTo('POST', '/api/mail/unsubscribe')[0]?.query).toEqual({ token });
  });
});
