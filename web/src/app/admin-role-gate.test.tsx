import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../test/fetch-mock';
import { renderApp, signInAsStaff } from '../test/render-app';

const me = (role: 'admin' | 'staff') => ({
  kind: 'staff',
  student_id: null,
  name: 'kmohammed',
  full_name: 'Keisha Mohammed',
  limited: false,
  role,
});
const GATE = 'This page is for administrators. Ask an administrator if you need it.';

// D22: a page of the admin role opened by address (a bookmark) is refused to the staff role in the page too.
describe("the admin role's pages", () => {
  it('show the staff role a notice instead of the page, and ask the server nothing for it', async () => {
    signInAsStaff();
    const { calls } = mockFetch({
      'GET /api/me': () => json(me('staff')),
      'GET /api/staff-users': () => json([]),
    });
    renderApp('/admin/staff');
    expect(await screen.findByText(GATE)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/staff-users')).toBe(false);
  });

  it('open for the admin role', async () => {
    signInAsStaff();
    const { calls } = mockFetch({
      'GET /api/me': () => json(me('admin')),
      'GET /api/staff-users': () => json([]),
    });
    renderApp('/admin/staff');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/staff-users')).toBe(true));
    expect(screen.queryByText(GATE)).toBeNull();
  });
});
