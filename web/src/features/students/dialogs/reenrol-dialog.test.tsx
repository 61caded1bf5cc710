import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminStudent } from '@sp/domain';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock';
import { ReenrolDialog } from './reenrol-dialog';
import { renderTranslated } from '../../../test/render-with-queries';

const student = { id: '2025113', first_name: 'Lee', last_name: 'Leaver', withdrawn_at: null } as AdminStudent;
const path = '/api/students/2025113/enrol';
const classes = [
  { class_id: '4A', form_level: 4 },
  { class_id: '5A', form_level: 5 },
];

function show(reply: () => Response) {
  const fetch = mockFetch({ [`POST ${path}`]: reply, 'GET /api/form-classes': () => json(classes) });
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderTranslated(
    <QueryClientProvider client={client}>
      <ReenrolDialog student={student} yearLabel="2026-2027" onClose={onClose} />
    </QueryClientProvider>,
  );
  return { fetch, onClose };
}

const chooseClass = async (name: string) => {
  await userEvent.click(screen.getByLabelText('Class'));
  await userEvent.click(await screen.findByRole('option', { name }));
};

describe('the Re-enrol dialog', () => {
  it('asks for a class first, then sends the one chosen and closes', async () => {
    const { fetch, onClose } = show(() =>
      json({ message: 'The student is enrolled in 2026-2027, class 5A.', year: 2026, class_id: '5A' }),
    );
    expect(screen.getByRole('dialog', { name: 'Re-enrol in 2026-2027: Lee Leaver' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Re-enrol' }));
    expect(await screen.findByText('Choose a class.')).toBeTruthy();
    expect(fetch.callsTo('POST', path)).toEqual([]);
    await chooseClass('5A');
    await userEvent.click(screen.getByRole('button', { name: 'Re-enrol' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch.callsTo('POST', path).map((c) => c.body)).toEqual([{ class_id: '5A' }]);
  });

  it('shows the server’s refusal and stays open', async () => {
    const { onClose } = show(() => json({ message: 'This student is already enrolled in 2026-2027.' }, 409));
    await chooseClass('4A');
    await userEvent.click(screen.getByRole('button', { name: 'Re-enrol' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This student is already enrolled in 2026-2027.',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
