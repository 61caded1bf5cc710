import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../test/fetch-mock';
import { mockRegistration } from '../test/registration-test-data';
import { renderApp, signInAsStaff, signInAsStudent } from '../test/render-app';
import { staffMe, studentMe } from '../test/me-answers';

async function expectPath(router: ReturnType<typeof renderApp>['router'], path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

describe('route guard', () => {
  it.each(['/dashboard', '/term-reports', '/registration/student-data', '/logout'])(
    'sends a visitor from %s to the sign-in',
    async (path) => {
      mockFetch({});
      const { router } = renderApp(path);
      await expectPath(router, '/');
      expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    },
  );

  it('sends a signed-in student from /admin/dashboard to /dashboard', async () => {
    signInAsStudent();
    mockFetch({ 'GET /api/me': () => json(studentMe) });
    const { router } = renderApp('/admin/dashboard');
    await expectPath(router, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeTruthy();
  });

  it.each(['/', '/admin'])('sends a signed-in student from %s to the registration', async (path) => {
    signInAsStudent();
    mockRegistration();
    const { router } = renderApp(path);
    await expectPath(router, '/registration/student-data');
    expect(
      await screen.findByRole('heading', { name: 'Student Data', level: 1 }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('sends a signed-in staff member from / to the staff dashboard', async () => {
    signInAsStaff();
    mockFetch({ 'GET /api/me': () => json(staffMe()), 'GET /api/students': () => json([]) });
    const { router } = renderApp('/');
    await expectPath(router, '/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Students' })).toBeTruthy();
  });

  it('lets a student open the pages that need a sign-in', async () => {
    signInAsStudent();
    mockFetch({ 'GET /api/me': () => json(studentMe) });
    const { router } = renderApp('/term-reports');
    expect(await screen.findByRole('heading', { name: 'Select Term Report' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/term-reports');
  });

  it('shows "Page not found" for an unknown path', async () => {
    mockFetch({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('ends the session when the server answers 401 and says so on the sign-in', async () => {
    signInAsStudent();
    mockFetch({ 'GET /api/me': () => json({ message: 'Please sign in.' }, 401) });
    const { router } = renderApp('/dashboard');
    await expectPath(router, '/');
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeTruthy();
    expect(sessionStorage.getItem('authenticated')).toBeNull();
  });
});

describe('a staff session that ends', () => {
  it('lands on the staff sign-in, says why, and signs in back to the same page', async () => {
    signInAsStaff();
    let signedIn = false;
    mockFetch({
      'GET /api/me': () => (signedIn ? json(staffMe()) : json({ message: 'Please sign in.' }, 401)),
      'GET /api/staff-users': () => json([]),
      'POST /api/admin-login': () => {
        signedIn = true;
        return json({
          name: 'Admin',
          username: 'admin',
          full_name: 'Grace Hopper',
          password_reset: 0,
          second_factor: null,
        });
      },
    });
    const { router } = renderApp('/admin/staff?role=staff');
    await expectPath(router, '/admin');
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeTruthy();
    expect(screen.getByText('Staff sign-in')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'Correct-horse-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await expectPath(router, '/admin/staff');
    expect(router.state.location.search).toBe('?role=staff');
  });

  it('sends a visitor from an staff area page to the staff sign-in, and back after it', async () => {
    mockFetch({});
    const { router } = renderApp('/admin/dashboard');
    await expectPath(router, '/admin');
    expect(router.state.location.state).toEqual({ from: '/admin/dashboard' });
  });
});

describe('a second tab (empty session storage)', () => {
  it('asks the server and goes on when the session is valid', async () => {
    mockFetch({ 'GET /api/me': () => json(studentMe) });
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sessionStorage.getItem('userID')).toBe('20240001');
    expect(sessionStorage.getItem('authenticated')).toBe('true');
  });

  it('restores a staff session too', async () => {
    mockFetch({ 'GET /api/me': () => json(staffMe()), 'GET /api/students': () => json([]) });
    const { router } = renderApp('/admin/dashboard');
    await waitFor(() => expect(sessionStorage.getItem('staff')).toBe('true'));
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('reads a tab with the staff flag of its old name as a new tab: it asks the server and stays', async () => {
    // What a tab signed in before the flag was renamed holds.
    sessionStorage.setItem('authenticated', 'true');
    sessionStorage.setItem('admin', 'true');
    sessionStorage.setItem('name', 'Grace Hopper');
    const { callsTo } = mockFetch({
      'GET /api/me': () => json(staffMe()),
      'GET /api/students': () => json([]),
    });
    const { router } = renderApp('/admin/dashboard');
    await waitFor(() => expect(sessionStorage.getItem('staff')).toBe('true'));
    expect(sessionStorage.getItem('admin')).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(callsTo('GET', '/api/me').length).toBeGreaterThanOrEqual(1);
  });

  it('sends the visitor to the sign-in when the server knows no session', async () => {
    const { callsTo } = mockFetch({ 'GET /api/me': () => json({ message: 'Please sign in.' }, 401) });
    const { router } = renderApp('/dashboard');
    await expectPath(router, '/');
    expect(callsTo('GET', '/api/me')).toHaveLength(1);
  });
});
