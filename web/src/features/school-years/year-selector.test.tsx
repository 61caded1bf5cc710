import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderApp, signInAsStaff } from '../../test/render-app';
import { staffMe } from '../../test/me-answers';

const yearOf = (year: number, state: 'current' | 'closed') => ({
  year,
  label: `${year}-${year + 1}`,
  state,
  starts_on: `${year}-09-01`,
  ends_on: `${year + 1}-08-31`,
});
const years = { years: [yearOf(2026, 'current'), yearOf(2025, 'closed')] };
const ann = {
  id: 'S1',
  first_name: 'Ann',
  last_name: 'Stays',
  name: 'Stays, Ann',
  class_id: '4K',
  date_of_birth: '2012-03-04',
  birth_certificate_no: null,
  updatedAt: '2025-10-01T10:00:00.000Z',
  house_code: null,
  withdrawn_at: null,
  parents_linked: 0,
};
const counts = { students: 1, steps: {}, documents: {}, terms: 0 };

function serve(me = staffMe('admin')) {
  return mockFetch({
    'GET /api/me': () => json(me),
    'GET /api/admin/school-years': () => json(years),
    'GET /api/completion': () => json({ classes: [], school: { ...counts, students: 0 } }),
    'GET /api/students': () => json([ann]),
  });
}

describe('the school year of the staff views', { timeout: 30_000 }, () => {
  it('shows the current year by default; choosing a closed one reads it, says it is read only and hides every write', async () => {
    signInAsStaff();
    const mock = serve();
    const { router } = renderApp('/admin/dashboard');
    const selector = await screen.findByRole('combobox', { name: 'School year' });
    expect(selector.textContent).toContain('2026-2027 (current)');
    expect(await screen.findByText('Stays, Ann')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add student' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Ann Stays' })).toBeTruthy();
    expect(mock.calls.filter((c) => c.path === '/api/students').every((c) => !c.query.year)).toBe(true);

    await userEvent.click(selector);
    await userEvent.click(screen.getByRole('option', { name: '2025-2026' }));
    expect(router.state.location.search).toBe('?year=2025');
    expect(await screen.findByText('2025-2026 is closed: read only')).toBeTruthy();
    await waitFor(() =>
      expect(mock.calls.some((c) => c.path === '/api/students' && c.query.year === '2025')).toBe(true),
    );
    expect(mock.calls.some((c) => c.path === '/api/completion' && c.query.year === '2025')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Add student' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Ann Stays' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Ann Stays' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).queryByText('Reset Password')).toBeNull();
    expect(within(menu).queryByText('Withdraw')).toBeNull();
    expect(within(menu).queryByText('Documents')).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'History' }).getAttribute('href')).toBe(
      '/admin/students/S1/history?year=2025',
    );
    await userEvent.keyboard('{Escape}');

    // Back to the current year: the year leaves the URL and the writes come back.
    await userEvent.click(screen.getByRole('combobox', { name: 'School year' }));
    await userEvent.click(screen.getByRole('option', { name: '2026-2027 (current)' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('link', { name: 'Add student' })).toBeTruthy();
    expect(screen.queryByText('2025-2026 is closed: read only')).toBeNull();
  });

  it('a link keeps its year: the reports of 2025-2026 are asked for with it', async () => {
    signInAsStaff();
    serve();
    renderApp('/admin/reports?year=2025');
    expect(await screen.findByText('2025-2026 is closed: read only')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      '/api/registration-report/all?year=2025',
    );
  });

  it('the staff menu keeps a past year on the way to another panel that reads it, and only there', async () => {
    signInAsStaff();
    serve();
    renderApp('/admin/dashboard?year=2025');
    const menu = await screen.findByRole('navigation', { name: 'Staff menu' });
    expect(within(menu).getByRole('link', { name: 'Reports' }).getAttribute('href')).toBe(
      '/admin/reports?year=2025',
    );
    expect((await within(menu).findByRole('link', { name: 'Export Data' })).getAttribute('href')).toBe(
      '/admin/export?year=2025',
    );
    expect(within(menu).getByRole('link', { name: 'Term Results' }).getAttribute('href')).toBe(
      '/admin/term-results',
    );
  });

  it('the current year named in the URL is not read only', async () => {
    signInAsStaff();
    serve();
    renderApp('/admin/dashboard?year=2026');
    expect((await screen.findByRole('combobox', { name: 'School year' })).textContent).toContain('2026-2027');
    expect(await screen.findByRole('link', { name: 'Add student' })).toBeTruthy();
    expect(screen.queryByText(/is closed: read only/)).toBeNull();
  });

  it('the staff role has the selector too: every staff view reads a year', async () => {
    signInAsStaff();
    serve(staffMe('staff'));
    renderApp('/admin/dashboard?year=2025');
    expect(await screen.findByRole('combobox', { name: 'School year' })).toBeTruthy();
    expect(await screen.findByText('2025-2026 is closed: read only')).toBeTruthy();
  });
});
