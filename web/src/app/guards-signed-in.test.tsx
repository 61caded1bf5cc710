import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { publicSettingsQuery } from '../api/settings';
import { defaultSettings, json, mockFetch } from '../test/fetch-mock';
import { signInAsStudent } from '../test/render-app';
import { App, createAppParts } from './app';
import { studentMe } from '../test/me-answers';

function renderAt(path: string) {
  const parts = createAppParts((routes) => createMemoryRouter(routes, { initialEntries: [path] }), {
    retry: false,
  });
  render(<App parts={parts} />);
  return parts;
}

// The sign-in screens read the public settings without the query library (ADR 0035); the signed-in screens'
// query starts from that answer and keeps it current.
describe('the public settings across a sign-in', () => {
  it('are asked once: the signed-in screens start from what the sign-in screen read', async () => {
    const { callsTo } = mockFetch({
      'POST /api/login-student': () =>
        json({ name: 'Ada Lovelace', student_id: '20240001', password_reset: 0 }),
      'GET /api/me': () => json(studentMe),
    });
    const user = userEvent.setup();
    renderAt('/');
    expect(await screen.findByRole('heading', { name: defaultSettings.school_name })).toBeTruthy();
    await user.type(screen.getByLabelText('Student ID'), '20240001{Enter}');
    await user.type(screen.getByLabelText('Password'), 'a-long-password{Enter}');

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText(defaultSettings.school_name)).toBeTruthy();
    expect(callsTo('GET', '/api/settings/public')).toHaveLength(1);
  });

  it('are read again for every screen when a settings change invalidates their query', async () => {
    signInAsStudent();
    let schoolName = 'Old Name Secondary';
    const { callsTo } = mockFetch({
      'GET /api/settings/public': () => json({ ...defaultSettings, school_name: schoolName }),
      'GET /api/me': () => json(studentMe),
    });
    const parts = renderAt('/dashboard');
    expect(await screen.findByText('Old Name Secondary')).toBeTruthy();
    expect(callsTo('GET', '/api/settings/public')).toHaveLength(1);

    schoolName = 'New Name Secondary';
    await parts.data.queries.client?.invalidateQueries({ queryKey: publicSettingsQuery.queryKey });
    expect(await screen.findByText('New Name Secondary')).toBeTruthy();
    await waitFor(() => expect(callsTo('GET', '/api/settings/public')).toHaveLength(2));
  });
});
