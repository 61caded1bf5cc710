import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentCheckState } from '@sp/domain';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderWithQueries } from '../../test/render-with-queries';
import { DocumentCheckCard } from './document-check-card';

const unchecked: DocumentCheckState = {
  type: 'sea_slip',
  status: null,
  reason: null,
  checked_by: null,
  checked_at: null,
  file: null,
};
const path = '/api/document-checks';

function show(reply: () => Response) {
  const fetch = mockFetch({ [`POST ${path}`]: reply });
  renderWithQueries(<DocumentCheckCard studentId="2026001" state={unchecked} onPreview={vi.fn()} />);
  return fetch;
}

describe('rejecting a document (D23)', () => {
  it('names a missing reason under the field and sends nothing', async () => {
    const fetch = show(() => json([]));
    await userEvent.click(screen.getByRole('button', { name: 'Reject…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Say why the document is rejected.')).toBeTruthy();
    expect(fetch.callsTo('POST', path)).toEqual([]);
  });

  it('sends the reason trimmed, with the student and the document', async () => {
    const fetch = show(() => json([]));
    await userEvent.click(screen.getByRole('button', { name: 'Reject…' }));
    await userEvent.type(screen.getByLabelText(/Reason the family will see/), '  The slip is unreadable  ');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await vi.waitFor(() =>
      expect(fetch.callsTo('POST', path).map((c) => c.body)).toEqual([
        { student_id: '2026001', type: 'sea_slip', status: 'rejected', reason: 'The slip is unreadable' },
      ]),
    );
  });

  it('shows the server’s refusal', async () => {
    show(() => json({ message: 'This student has left the school.' }, 409));
    await userEvent.click(screen.getByRole('button', { name: 'Reject…' }));
    await userEvent.type(screen.getByLabelText(/Reason the family will see/), 'Unreadable');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This student has left the school.');
  });
});
