import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PostingTerm } from '@sp/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultSettings, json, mockFetch } from '../../test/fetch-mock';
import { PostTermDialog } from './post-term-dialog';

const term: PostingTerm = {
  id: 9,
  year: 2026,
  term: 1,
  posted: 0,
  date_posted: null,
  release_at: null,
  release_at_school: null,
  time_zone: 'America/Port_of_Spain',
};

// The browser runs in Tokyo (UTC+9); the school is in Port of Spain (UTC−4, no daylight saving).
const browserZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  process.env.TZ = browserZone;
});

describe('a scheduled release typed on a laptop in another zone (D24)', { timeout: 20_000 }, () => {
  it('sends the instant of 07:00 at the school, not 07:00 on the laptop', async () => {
    expect(new Date(2026, 11, 1, 7).toISOString()).toBe('2026-11-30T22:00:00.000Z');
    const fetch = mockFetch({
      'GET /api/settings/public': () => json({ ...defaultSettings, time_zone: 'America/Port_of_Spain' }),
      'GET /api/terms/9/missing-results': () =>
        json({ classes: [], incomplete: [], left_out: [], included: { all: false, classes: [] } }),
      'POST /api/terms/9/release': () => json(term),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <PostTermDialog term={term} onClose={vi.fn()} onDone={vi.fn()} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Post at/), '2026-12-01 07:00');
    const schedule = screen.getByRole('button', { name: 'Schedule' });
    await vi.waitFor(() => expect((schedule as HTMLButtonElement).disabled).toBe(false));
    await user.click(schedule);
    await vi.waitFor(() => expect(fetch.callsTo('POST', '/api/terms/9/release')).toHaveLength(1));
    expect(fetch.callsTo('POST', '/api/terms/9/release')[0]!.body).toEqual({
      release_at: '2026-12-01T11:00:00.000Z',
    });
  });
});
