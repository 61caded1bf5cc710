import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, json, mockFetch } from '../../test/fetch-mock';
import { renderApp, signInAsStaff } from '../../test/render-app';
import { staffMe } from '../../test/me-answers';

const classes = [
  { class_id: '1A', form_level: 1 },
  { class_id: '2B', form_level: 2 },
];

describe('Export Data', () => {
  it('is in the menu of the admin role and not of the staff role (D22)', async () => {
    signInAsStaff();
    mockFetch({ 'GET /api/me': () => json(staffMe('staff')), 'GET /api/students': () => json([]) });
    const { unmount } = renderApp('/admin/dashboard');
    await screen.findByRole('link', { name: 'Dashboard' });
    expect(screen.queryByRole('link', { name: 'Export Data' })).toBeNull();
    unmount();

    mockFetch({ 'GET /api/me': () => json(staffMe('admin')), 'GET /api/students': () => json([]) });
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('link', { name: 'Export Data' })).toBeTruthy();
  });

  it("shows 'Downloading data...' while downloading, then the server's message when it fails (D12)", async () => {
    signInAsStaff();
    const answer = deferred();
    const { calls } = mockFetch({
      'GET /api/me': () => json(staffMe('admin')),
      'GET /api/form-classes': () => json(classes),
      'GET /api/registration-data-spreadsheet': () => answer.promise,
    });
    const user = userEvent.setup();
    renderApp('/admin/export');
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('dialog', { name: 'Downloading data...' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Downloading data' })).toBeTruthy();

    answer.release(json({ message: 'Unknown class.' }, 400));
    expect(await screen.findByText('The data could not be downloaded: Unknown class.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Download' })).toHaveProperty('disabled', false);
    expect(calls.some((c) => c.path === '/api/registration-data-spreadsheet')).toBe(true);
  });
});
