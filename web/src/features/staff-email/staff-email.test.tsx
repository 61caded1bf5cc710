import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type StaffAccount } from '@sp/domain';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderWithQueries } from '../../test/render-with-queries';
import { OwnEmailCard, TestEmailForm } from './index';

const account = (over: Partial<StaffAccount> = {}): StaffAccount => ({
  username: 'admin',
  full_name: 'Grace Hopper',
  email: 'grace@example.com',
  email_confirmed: false,
  ...over,
});
const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

describe('the test e-mail form', () => {
  const renderForm = () =>
    renderWithQueries(
      <MemoryRouter>
        <TestEmailForm />
      </MemoryRouter>,
    );

  it('checks the address with the shared rule and sends nothing when it is wrong', async () => {
    const fetch = mockFetch({ 'POST /api/admin/settings/test-email': () => json({}) });
    renderForm();
    await userEvent.type(field('Send to'), 'not an address{Enter}');
    expect(await screen.findByText(messages.invalidEmail)).toBeTruthy();
    expect(fetch.callsTo('POST', '/api/admin/settings/test-email')).toEqual([]);
  });

  it('queues the message and links to the Outbox', async () => {
    const fetch = mockFetch({ 'POST /api/admin/settings/test-email': () => json({ id: 3 }) });
    renderForm();
    await userEvent.type(field('Send to'), ' office@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send a test e-mail' }));
    const link = await screen.findByRole('link', { name: 'See it in the Outbox' });
    expect(link.getAttribute('href')).toBe('/admin/outbox');
    expect(fetch.callsTo('POST', '/api/admin/settings/test-email').map((c) => c.body)).toEqual([
      { to: 'office@example.com' },
    ]);
  });

  it("shows the server's refusal", async () => {
    mockFetch({
      'POST /api/admin/settings/test-email': () => json({ message: 'Too many test e-mails.' }, 429),
    });
    renderForm();
    await userEvent.type(field('Send to'), 'office@example.com{Enter}');
    expect(await screen.findByText('Too many test e-mails.')).toBeTruthy();
  });
});

describe("a staff member's own e-mail address", () => {
  it('says it is not confirmed and sends the link again, once', async () => {
    const fetch = mockFetch({
      'GET /api/admin/account': () => json(account()),
      'PUT /api/admin/account/email': () => json({}),
    });
    renderWithQueries(<OwnEmailCard />);
    expect(await screen.findByText('grace@example.com')).toBeTruthy();
    expect(screen.getByText('Not confirmed')).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Send confirmation link' });
    await userEvent.click(send);
    expect(await screen.findByText(/Sent — check the inbox/)).toBeTruthy();
    expect(send.hasAttribute('disabled')).toBe(true);
    expect(fetch.callsTo('PUT', '/api/admin/account/email').map((c) => c.body)).toEqual([
      { email: 'grace@example.com' },
    ]);
  });

  it('offers no link for a confirmed address, and saves a new one', async () => {
    let saved = account({ email_confirmed: true });
    const fetch = mockFetch({
      'GET /api/admin/account': () => json(saved),
      'PUT /api/admin/account/email': (call) => {
        saved = account({ email: (call.body as { email: string }).email });
        return json({});
      },
    });
    renderWithQueries(<OwnEmailCard />);
    expect(await screen.findByText('Confirmed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send confirmation link' })).toBeNull();
    await userEvent.type(field('New e-mail address'), 'g.hopper@example.com{Enter}');
    expect(await screen.findByText('g.hopper@example.com')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Not confirmed')).toBeTruthy());
    expect(fetch.callsTo('PUT', '/api/admin/account/email').map((c) => c.body)).toEqual([
      { email: 'g.hopper@example.com' },
    ]);
  });

  it('without an address, asks for one', async () => {
    mockFetch({ 'GET /api/admin/account': () => json(account({ email: null })) });
    renderWithQueries(<OwnEmailCard />);
    expect(await screen.findByRole('textbox', { name: 'E-mail address' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save address' })).toBeTruthy();
  });
});
