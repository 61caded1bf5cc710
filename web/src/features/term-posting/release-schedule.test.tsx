import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { releaseMessages, type PostingTerm } from '@sp/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultSettings, json, mockFetch } from '../../test/fetch-mock';
import { renderWithQueries } from '../../test/render-with-queries';
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
const path = '/api/terms/9/release';

// The browser runs in Tokyo (UTC+9); the school is in Port of Spain (UTC−4, no daylight saving).
const browserZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  process.env.TZ = browserZone;
});

function show(reply: () => Response) {
  const fetch = mockFetch({
    'GET /api/settings/public': () => json({ ...defaultSettings, time_zone: 'America/Port_of_Spain' }),
    'GET /api/terms/9/missing-results': () =>
      json({ classes: [], incomplete: [], left_out: [], included: { all: false, classes: [] } }),
    [`POST ${path}`]: reply,
  });
  renderWithQueries(<PostTermDialog term={term} onClose={vi.fn()} onDone={vi.fn()} />);
  return fetch;
}

/** Types the time and waits for the school's zone, which enables Schedule. */
async function typeTime(text: string) {
  await userEvent.type(screen.getByLabelText(/Post at/), text);
  const schedule = screen.getByRole<HTMLButtonElement>('button', { name: 'Schedule' });
  await vi.waitFor(() => expect(schedule.disabled).toBe(false));
  return schedule;
}

describe('a scheduled release typed on a laptop in another zone (D24)', { timeout: 20_000 }, () => {
  it('sends the instant of 07:00 at the school, not 07:00 on the laptop', async () => {
    expect(new Date(2026, 11, 1, 7).toISOString()).toBe('2026-11-30T22:00:00.000Z');
    const fetch = show(() => json(term));
    await userEvent.click(await typeTime('2026-12-01 07:00'));
    await vi.waitFor(() => expect(fetch.callsTo('POST', path)).toHaveLength(1));
    expect(fetch.callsTo('POST', path)[0]!.body).toEqual({ release_at: '2026-12-01T11:00:00.000Z' });
  });

  it('is sent by Enter in the field too', async () => {
    const fetch = show(() => json(term));
    await typeTime('2026-12-01T07:00');
    await userEvent.type(screen.getByLabelText(/Post at/), '{Enter}');
    await vi.waitFor(() => expect(fetch.callsTo('POST', path)).toHaveLength(1));
  });

  it('names a time that is not one under the field, and sends nothing', async () => {
    const fetch = show(() => json(term));
    await userEvent.click(await typeTime('2026-02-30 07:00'));
    const field = screen.getByLabelText(/Post at/);
    await vi.waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(releaseMessages.format)).toBeTruthy();
    expect(fetch.callsTo('POST', path)).toHaveLength(0);
  });

  it('shows the server’s refusal', async () => {
    show(() => json({ message: 'Choose a time in the future.' }, 422));
    await userEvent.click(await typeTime('2020-12-01 07:00'));
    expect(await screen.findByText('Choose a time in the future.')).toBeTruthy();
  });
});
