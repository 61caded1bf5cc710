import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { deferred, json, mockFetch, type Reply } from '../../test/fetch-mock';
import { NOT_CONFIGURED, OutboxPanel } from './outbox-panel';
import { outboxMessage, outboxPage, outboxRow } from './test-rows';
import { renderTranslated } from '../../test/render-with-queries';

function renderPanel(path = '/admin/outbox') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/outbox', element: <OutboxPanel /> }], {
    initialEntries: [path],
  });
  renderTranslated(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const failed = outboxRow({
  id: 7,
  kind: 'test',
  to_address: 'office@example.com',
  subject: 'Test e-mail from Student Portal',
  status: 'failed',
  attempts: 8,
  last_error: '421 try again later',
  sent_at: null,
});
const sent = outboxRow();
const counts = { queued: 0, sending: 0, sent: 1, failed: 1, unsent: 0 };

const list = (reply: Reply) => mockFetch({ 'GET /api/admin/outbox': reply });

describe('the Outbox panel', () => {
  it('lists each message with its school time, status, attempts and error, and the count of each status', async () => {
    list(() => json(outboxPage([failed, sent], { counts })));
    renderPanel();
    const table = await screen.findByRole('table', { name: 'E-mails' });
    const row = within(table).getByRole('row', { name: /office@example.com/ });
    // 12:00 UTC is 08:00 in Port of Spain, the school's zone.
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '2026-11-24 08:00',
      'office@example.com',
      'Test e-mail from Student Portal',
      'Test e-mail',
      'Failed',
      '8',
      '421 try again later',
      'PreviewResend',
    ]);
    const sentRow = within(table).getByRole('row', { name: /mother@example.com/ });
    expect(within(sentRow).queryByRole('button', { name: 'Resend' })).toBeNull();
    const filter = screen.getByRole('group', { name: 'Status' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All 2', 'Queued 0', 'Sending 0', 'Sent 1', 'Failed 1', 'Not sent 0']);
    expect(screen.queryByText(i18n._(NOT_CONFIGURED))).toBeNull();
  });

  it('asks for one status, keeps it in the address, and says when none has it', async () => {
    const fetch = list((call) =>
      json(outboxPage(call.query.status === 'unsent' ? [] : [sent], { counts: { ...counts, unsent: 0 } })),
    );
    const router = renderPanel();
    await screen.findByRole('table', { name: 'E-mails' });
    await userEvent.click(screen.getByRole('button', { name: 'Not sent 0' }));
    expect(await screen.findByText('No e-mail has the status “Not sent”.')).toBeTruthy();
    expect(router.state.location.search).toBe('?status=unsent');
    expect(fetch.callsTo('GET', '/api/admin/outbox').map((c) => c.query)).toEqual([
      { page: '1' },
      { page: '1', status: 'unsent' },
    ]);
    expect(screen.getByRole('button', { name: 'Not sent 0' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('pages through the list from the address', async () => {
    const fetch = list(() => json(outboxPage([sent], { total: 120, counts: { ...counts, sent: 120 } })));
    renderPanel('/admin/outbox?status=sent&page=2');
    await screen.findByRole('table', { name: 'E-mails' });
    expect(screen.getByText('51–100 of 120')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(fetch.callsTo('GET', '/api/admin/outbox').at(-1)?.query).toEqual({ page: '3', status: 'sent' }),
    );
  });

  it('says so when no mail server is configured', async () => {
    const unsent = outboxRow({ status: 'unsent', last_error: 'not sent: no mail server configured' });
    list(() => json(outboxPage([unsent], { configured: false })));
    renderPanel();
    expect(await screen.findByText(i18n._(NOT_CONFIGURED))).toBeTruthy();
  });

  it('resends a failed message after asking, and the row shows Queued at once', async () => {
    const again = deferred();
    let reads = 0;
    const fetch = mockFetch({
      'GET /api/admin/outbox': () => (++reads === 1 ? json(outboxPage([failed], { counts })) : again.promise),
      'POST /api/admin/outbox/7/resend': () => json({}),
    });
    renderPanel();
    const row = await screen.findByRole('row', { name: /office@example.com/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Resend' }));
    const dialog = screen.getByRole('dialog', { name: 'Resend this e-mail?' });
    expect(fetch.callsTo('POST', '/api/admin/outbox/7/resend')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(row).getByText('Queued')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Resend' })).toBeNull();
    expect(fetch.callsTo('POST', '/api/admin/outbox/7/resend')).toHaveLength(1);
    again.release(json(outboxPage([{ ...failed, status: 'queued', attempts: 0 }], { counts })));
  });

  it("keeps the dialog open with the server's refusal", async () => {
    mockFetch({
      'GET /api/admin/outbox': () => json(outboxPage([failed], { counts })),
      'POST /api/admin/outbox/7/resend': () => json({ message: 'This e-mail has been sent.' }, 409),
    });
    renderPanel();
    const row = await screen.findByRole('row', { name: /office@example.com/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Resend' }));
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    const dialog = screen.getByRole('dialog', { name: 'Resend this e-mail?' });
    expect(await within(dialog).findByText('This e-mail has been sent.')).toBeTruthy();
  });

  it('previews the HTML in an empty sandbox, the plain text and the headers', async () => {
    mockFetch({
      'GET /api/admin/outbox': () => json(outboxPage([sent], { counts })),
      'GET /api/admin/outbox/1': () => json(outboxMessage(sent)),
    });
    renderPanel();
    const row = await screen.findByRole('row', { name: /mother@example.com/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Preview' }));
    const dialog = screen.getByRole('dialog', { name: sent.subject });
    const frame = await within(dialog).findByTitle<HTMLIFrameElement>('The e-mail as HTML');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<p id="mail">Report cards are <b>ready</b>.</p>');
    // Never written into the portal's own page.
    expect(document.getElementById('mail')).toBeNull();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Plain text' }));
    expect(within(dialog).getByText(/https:\/\/portal.example\/term-reports/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Headers' }));
    expect(within(dialog).getByText('List-Unsubscribe')).toBeTruthy();
    expect(within(dialog).getByText('<https://portal.example/unsubscribe?token=abc>')).toBeTruthy();
  });
});
