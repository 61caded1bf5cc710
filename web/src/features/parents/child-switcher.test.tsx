import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHILD_HEADER } from '@sp/domain';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, type RecordedCall } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { anil, bina, parentMe, signInAsParent } from './parents-test-data';

const meFor = (call: RecordedCall) => json(parentMe([anil, bina], call.headers[CHILD_HEADER]));

describe('the child switcher (D50)', { timeout: 20_000 }, () => {
  it('names the child shown, marks it in a keyboard menu, and switches: header, cache and page', async () => {
    const { callsTo } = mockFetch({
      'GET /api/me': meFor,
      'GET /api/student/contacts': (call) =>
        json({
          addresses: [
            {
              field: 'email',
              label: 'Student',
              address: `${call.headers[CHILD_HEADER]}@example.org`,
              confirmed: true,
            },
          ],
        }),
    });
    signInAsParent(anil);
    const { router } = renderApp('/email-addresses');
    await screen.findByText('A001@example.org');
    const button = await screen.findByRole('button', { name: 'Switch child: Anil Ali · 1A shown' });
    const user = userEvent.setup();
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Switch child' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Anil Ali · 1A', 'Bina Ali · 4C', 'Link another child']);
    expect(items[0]!.getAttribute('aria-current')).toBe('true');
    expect(items[1]!.getAttribute('aria-current')).toBeNull();
    await user.keyboard('{ArrowDown}{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sessionStorage.getItem('userID')).toBe('B002');
    await screen.findByRole('button', { name: 'Switch child: Bina Ali · 4C shown' });
    // Nothing read for Anil is kept: the addresses page asks again, for Bina.
    await router.navigate('/email-addresses');
    await screen.findByText('B002@example.org');
    expect(screen.queryByText('A001@example.org')).toBeNull();
    expect(callsTo('GET', '/api/student/contacts').map((c) => c.headers[CHILD_HEADER])).toEqual([
      'A001',
      'B002',
    ]);
  });

  it('offers the parent pages in the avatar menu, and no student password', async () => {
    mockFetch({ 'GET /api/me': meFor });
    signInAsParent(anil);
    renderApp('/email-addresses');
    await userEvent.setup().click(await screen.findByRole('button', { name: /account menu/ }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Your children', 'Change your password', 'Logout']);
  });

  it('sends a parent with no child linked to the page that links one', async () => {
    mockFetch({
      'GET /api/me': () => json(parentMe([])),
      'GET /api/parent/children': () => json({ children: [] }),
    });
    signInAsParent(null);
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your children' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/parent/children');
    expect(screen.queryByRole('button', { name: /switch child/i })).toBeNull();
  });

  it('lets a parent with no child linked change their own password', async () => {
    mockFetch({ 'GET /api/me': () => json(parentMe([])) });
    signInAsParent(null);
    const { router } = renderApp('/parent/password');
    expect(await screen.findByRole('heading', { level: 1, name: /password/i })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/parent/password');
  });

  it('moves a tab whose child the school unlinked to a child still linked, asking again after a 403', async () => {
    let linked = [anil, bina];
    const { callsTo } = mockFetch({
      'GET /api/me': (call) => json(parentMe(linked, call.headers[CHILD_HEADER])),
      'GET /api/student/contacts': (call) =>
        linked.some((c) => c.student_id === call.headers[CHILD_HEADER])
          ? json({ addresses: [] })
          : json({ message: 'You are not allowed to do that.' }, 403),
    });
    signInAsParent(anil);
    const { router } = renderApp('/dashboard');
    await screen.findByRole('button', { name: 'Switch child: Anil Ali · 1A shown' });
    linked = [bina];
    await router.navigate('/email-addresses');
    await screen.findByRole('button', { name: 'Switch child: Bina Ali · 4C shown' });
    expect(sessionStorage.getItem('userID')).toBe('B002');
    await waitFor(() =>
      expect(callsTo('GET', '/api/student/contacts').map((c) => c.headers[CHILD_HEADER])).toContain('B002'),
    );
  });
});
