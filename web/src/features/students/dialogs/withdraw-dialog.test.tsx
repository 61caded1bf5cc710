import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminStudent } from '@sp/domain';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock';
import { WithdrawDialog } from './withdraw-dialog';
import { renderTranslated } from '../../../test/render-with-queries';

const student = { id: '2026001', first_name: 'Ava', last_name: 'Ali', withdrawn_at: null } as AdminStudent;
const path = '/api/students/2026001/withdraw';

function show(reply: () => Response) {
  const fetch = mockFetch({ [`POST ${path}`]: reply });
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderTranslated(
    <QueryClientProvider client={client}>
      <WithdrawDialog student={student} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { fetch, onClose };
}

describe('the Withdraw dialog', () => {
  it('sends the reason trimmed, by the button or by Enter, and closes', async () => {
    const { fetch, onClose } = show(() => json({ message: 'Withdrawn.', withdrawn_at: '2026-11-24' }));
    await userEvent.type(screen.getByLabelText('Reason (optional)'), '  Moved abroad  {Enter}');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch.callsTo('POST', path).map((c) => c.body)).toEqual([{ reason: 'Moved abroad' }]);
  });

  it('shows the server’s refusal and stays open', async () => {
    const { onClose } = show(() => json({ message: 'The student has already left.' }, 409));
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The student has already left.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
