import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PostingCheck, PostingTerm } from '@sp/domain';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { PostTermDialog } from './post-term-dialog';
import { renderTranslated } from '../../test/render-with-queries';

const term: PostingTerm = {
  id: 7,
  year: 2025,
  term: 2,
  posted: 1,
  date_posted: '2025-07-01 09:00:00',
  release_at: null,
  release_at_school: null,
  time_zone: 'America/Port_of_Spain',
};

/** 2B was included by the current posting (Dookie reads her card); 1A and students in no class were not. */
const posted: PostingCheck = {
  classes: [
    { class_id: '', students: 1, no_marks: [{ id: 'R301', name: 'Ramdial, Ravi', reason: 'blank_rows' }] },
    { class_id: '1A', students: 2, no_marks: [{ id: 'R102', name: 'Baksh, Ali', reason: 'no_rows' }] },
    { class_id: '2B', students: 1, no_marks: [{ id: 'R201', name: 'Dookie, Dana', reason: 'blank_rows' }] },
  ],
  incomplete: [],
  left_out: ['R102', 'R301'],
  included: { all: false, classes: ['2B'] },
};

function show(check: PostingCheck) {
  const fetch = mockFetch({
    'GET /api/terms/7/missing-results': () => json(check),
    'POST /api/post-term-reports': () => json(term),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderTranslated(
    <QueryClientProvider client={client}>
      <PostTermDialog term={term} onClose={vi.fn()} onDone={vi.fn()} />
    </QueryClientProvider>,
  );
  return fetch;
}

describe('posting a posted term again (D41)', { timeout: 20_000 }, () => {
  it('starts with the classes the current posting included ticked, and keeps them on Yes', async () => {
    const fetch = show(posted);
    const user = userEvent.setup();
    const twoB = await screen.findByRole('checkbox', { name: /Include 2B/ });
    expect((twoB as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Include 1A/ }).checked).toBe(false);
    expect(screen.getByText(/Un-ticking a class takes its cards away/)).toBeTruthy();
    expect(screen.queryByText(/Yes would take away/)).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: /Include students in no class/ }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await vi.waitFor(() => expect(fetch.callsTo('POST', '/api/post-term-reports')).toHaveLength(1));
    expect(fetch.callsTo('POST', '/api/post-term-reports')[0]!.body).toMatchObject({
      posted: 1,
      include_all: false,
      include_classes: ['2B'],
      include_no_class: true,
    });
  });

  it('warns, naming them, when un-ticking takes cards away from families who read them', async () => {
    show(posted);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /Include 2B/ }));
    const alert = await screen.findByText(/Yes would take away/);
    expect(alert.textContent).toMatch(/1 family can read a card now that Yes would take away/);
    expect(alert.textContent).toMatch(/Dookie, Dana/);
  });

  it('warns when "every class" was included and is un-ticked', async () => {
    show({ ...posted, left_out: [], included: { all: true, classes: [] } });
    const user = userEvent.setup();
    const all = await screen.findByRole('checkbox', { name: 'Include every class' });
    expect((all as HTMLInputElement).checked).toBe(true);
    await user.click(all);
    expect((await screen.findByText(/Yes would take away/)).textContent).toMatch(
      /3 families can read a card now/,
    );
  });
});
