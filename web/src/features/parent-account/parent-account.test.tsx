import { messages, parentMessages } from '@sp/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

const parentMe = (child: { id: string; name: string } | null) => () =>
  json({
    kind: 'parent',
    student_id: child?.id ?? null,
    name: child?.name ?? '',
    full_name: 'Mrs Ali',
    limited: false,
    parent: { email: 'mum@example.org', children: [] },
  });

async function signInAsParent(path = '/?as=parent') {
  const user = userEvent.setup();
  const view = renderApp(path);
  await user.type(await screen.findByLabelText('E-mail address'), 'Mum@Example.org');
  await user.type(screen.getByLabelText('Password'), 'Mango-tree-77{Enter}');
  return { user, ...view };
}

describe('parent sign-in', () => {
  it('opens from the Student | Parent choice, and ?as=parent opens it directly', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/');
    expect(await screen.findByLabelText('Student ID')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Parent' }));
    expect(router.state.location.search).toBe('?as=parent');
    expect(await screen.findByLabelText('E-mail address')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Parent' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('link', { name: 'Create a parent account' }).getAttribute('href')).toBe(
      '/parent/sign-up',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password?as=parent',
    );
    await user.click(screen.getByRole('tab', { name: 'Student' }));
    expect(await screen.findByLabelText('Student ID')).toBeTruthy();
  });

  it("signs in, keeps the first child in the tab's session and opens the dashboard", async () => {
    const { callsTo } = mockFetch({
      'POST /api/parent/login': () => json({ name: 'Mrs Ali', email: 'mum@example.org' }),
      'GET /api/me': parentMe({ id: '2026001', name: 'Anil Ali' }),
    });
    const { router } = await signInAsParent();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(callsTo('POST', '/api/parent/login')[0]?.body).toEqual({
      email: 'mum@example.org',
      password: 'Mango-tree-77',
    });
    expect(sessionStorage.getItem('parent')).toBe('true');
    expect(sessionStorage.getItem('userID')).toBe('2026001');
    expect(sessionStorage.getItem('name')).toBe('Anil Ali');
  });

  it('goes to the children page when no child is linked yet', async () => {
    mockFetch({
      'POST /api/parent/login': () => json({ name: 'Mrs Ali', email: 'mum@example.org' }),
      'GET /api/me': parentMe(null),
    });
    const { router } = await signInAsParent();
    await waitFor(() => expect(router.state.location.pathname).toBe('/parent/children'));
  });

  it('offers a new confirmation link to an unconfirmed account', async () => {
    const { callsTo } = mockFetch({
      'POST /api/parent/login': () => json({ message: parentMessages.notConfirmed }, 403),
      'POST /api/parent/resend-confirmation': () => json({ message: parentMessages.confirmationResent }, 202),
    });
    const { user } = await signInAsParent();
    expect((await screen.findByRole('alert')).textContent).toBe(parentMessages.notConfirmed);
    await user.click(screen.getByRole('button', { name: 'Send a new confirmation link' }));
    expect((await screen.findByRole('status')).textContent).toBe(parentMessages.confirmationResent);
    expect(callsTo('POST', '/api/parent/resend-confirmation')[0]?.body).toEqual({ email: 'Mum@Example.org' });
    expect(sessionStorage.getItem('authenticated')).toBe('false');
  });
});

describe('creating a parent account', () => {
  it('checks the fields, sends them, and says to check the e-mail', async () => {
    const { callsTo } = mockFetch({
      'POST /api/parent/sign-up': () => json({ message: parentMessages.signUpSent }, 202),
    });
    const user = userEvent.setup();
    renderApp('/parent/sign-up');
    await user.click(await screen.findByRole('button', { name: 'Create the account' }));
    expect(screen.getAllByText(messages.required).length).toBeGreaterThanOrEqual(3);

    await user.type(screen.getByLabelText('Your name'), 'Mrs Ali');
    await user.type(screen.getByLabelText('E-mail address'), 'mum@example.org');
    await user.type(screen.getByLabelText('New Password'), 'Mango-tree-77');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Mango-tree-78');
    await user.click(screen.getByRole('button', { name: 'Create the account' }));
    expect(await screen.findByText(messages.passwordsDoNotMatch)).toBeTruthy();
    expect(callsTo('POST', '/api/parent/sign-up')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'Mango-tree-77{Enter}');
    expect((await screen.findByRole('status')).textContent).toBe(parentMessages.signUpSent);
    expect(callsTo('POST', '/api/parent/sign-up')[0]?.body).toEqual({
      name: 'Mrs Ali',
      email: 'mum@example.org',
      password: 'Mango-tree-77',
      password_confirmation: 'Mango-tree-77',
      // The page's language, which the account keeps and its confirmation e-mail is written in (D53).
      language: 'en',
    });
    expect(screen.getByRole('link', { name: 'Go to sign-in' }).getAttribute('href')).toBe('/?as=parent');
  });

  it("shows the server's refusal", async () => {
    mockFetch({
      'POST /api/parent/sign-up': () =>
        json(
          {
            message: messages.passwordTooCommon,
            errors: [{ field: 'password', message: messages.passwordTooCommon }],
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderApp('/parent/sign-up');
    await user.type(await screen.findByLabelText('Your name'), 'Mrs Ali');
    await user.type(screen.getByLabelText('E-mail address'), 'mum@example.org');
    await user.type(screen.getByLabelText('New Password'), 'password1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'password1{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(messages.passwordTooCommon);
  });
});

describe("a parent's e-mailed links", () => {
  const token = 'a'.repeat(43);

  it('asks for the e-mail address on the forgot page for a parent', async () => {
    const { callsTo } = mockFetch({
      'POST /api/parent/forgot-password': () => json({ message: 'sent' }, 202),
    });
    const user = userEvent.setup();
    renderApp('/forgot-password?as=parent');
    await user.type(await screen.findByLabelText('E-mail address'), 'mum@example.org{Enter}');
    expect((await screen.findByRole('status')).textContent).toContain('If this account has a confirmed');
    expect(callsTo('POST', '/api/parent/forgot-password')[0]?.body).toEqual({ email: 'mum@example.org' });
    expect(screen.getByRole('link', { name: 'Back to parent sign-in' }).getAttribute('href')).toBe(
      '/?as=parent',
    );
  });

  it('offers the parent sign-in once a parent account is confirmed', async () => {
    mockFetch({ 'POST /api/mail/confirm': () => json({ address: 'mum@example.org', kind: 'parent' }) });
    const user = userEvent.setup();
    renderApp(`/confirm-email?token=${token}`);
    await user.click(await screen.findByRole('button', { name: 'Confirm my address' }));
    expect((await screen.findByRole('status')).textContent).toContain('your parent account');
    expect(screen.getByRole('link', { name: 'Sign in as a parent' }).getAttribute('href')).toBe(
      '/?as=parent',
    );
  });

  it('offers the parent sign-in after a new password by link', async () => {
    mockFetch({
      'GET /api/password-link': () => json({ valid: true, kind: 'parent' }),
      'POST /api/password-link': () => json({ kind: 'parent' }),
    });
    const user = userEvent.setup();
    renderApp(`/reset-password?token=${token}`);
    await user.type(await screen.findByLabelText('New Password'), 'Mango-tree-77');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Mango-tree-77{Enter}');
    expect(await screen.findByRole('link', { name: 'Sign in as a parent' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in as a parent' }).getAttribute('href')).toBe(
      '/?as=parent',
    );
  });
});

describe("a parent's own password", () => {
  it('sends the current and the new password, and says the other devices are signed out', async () => {
    sessionStorage.setItem('authenticated', 'true');
    sessionStorage.setItem('parent', 'true');
    sessionStorage.setItem('userID', '2026001');
    sessionStorage.setItem('name', 'Anil Ali');
    const { callsTo } = mockFetch({
      'GET /api/me': parentMe({ id: '2026001', name: 'Anil Ali' }),
      'POST /api/parent/change-password': () => json({ name: 'Mrs Ali', email: 'mum@example.org' }),
    });
    const user = userEvent.setup();
    renderApp('/parent/password');
    await user.type(await screen.findByLabelText('Current password'), 'Mango-tree-77');
    await user.type(screen.getByLabelText('New Password'), 'Papaya-tree-88');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Papaya-tree-88{Enter}');
    expect((await screen.findByRole('status')).textContent).toContain('other devices have been signed out');
    expect(callsTo('POST', '/api/parent/change-password')[0]?.body).toEqual({
      old_password: 'Mango-tree-77',
      password: 'Papaya-tree-88',
      password_confirmation: 'Papaya-tree-88',
    });
  });
});
