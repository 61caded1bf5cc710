import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudentParents } from '@sp/domain';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, noContent } from '../../test/fetch-mock';
import { renderWithQueries } from '../../test/render-with-queries';
import { ParentAccountsCard } from './parent-accounts-card';

const base = '/api/students/2026001';
const ali = {
  parent_id: 7,
  name: 'Mrs Ali',
  email: 'ali@example.org',
  linked_at: '2026-11-20T14:00:00.000Z',
  how: 'code' as const,
  last_login_at: null,
  active: true,
};
const answer = (over: Partial<StudentParents> = {}): StudentParents => ({
  parents: [ali],
  family_code: { code: 'ABCD-EFGH', issued_at: '2026-11-20T12:00:00.000Z' },
  max_parents: 4,
  ...over,
});

function show(parents: StudentParents, routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetch = mockFetch({ [`GET ${base}/parents`]: () => json(parents), ...routes });
  renderWithQueries(<ParentAccountsCard studentId="2026001" name="Anil" />);
  return fetch;
}

describe('the Parent accounts card', { timeout: 40_000 }, () => {
  it('shows the code and the linked parent, and issues a new code only once confirmed', async () => {
    const fetch = show(answer(), {
      [`POST ${base}/family-code`]: () => json({ code: 'JKMN-PQRS', issued_at: '2026-11-25T12:00:00.000Z' }),
    });
    expect(await screen.findByText('ABCD-EFGH')).toBeTruthy();
    expect(screen.getByText('Mrs Ali')).toBeTruthy();
    expect(screen.getByText('ali@example.org')).toBeTruthy();
    expect(screen.getByText('Never')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Issue a new code' }));
    const dialog = screen.getByRole('dialog', { name: 'Issue a new family code?' });
    expect(dialog.textContent).toContain('The code ABCD-EFGH stops working at once');
    expect(fetch.callsTo('POST', `${base}/family-code`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue a new code' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.callsTo('POST', `${base}/family-code`)).toHaveLength(1);
  });

  it('unlinks after the dialog, and Cancel sends nothing', async () => {
    const fetch = show(answer(), { [`DELETE ${base}/parents/7`]: () => noContent() });
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Mrs Ali' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fetch.callsTo('DELETE', `${base}/parents/7`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Unlink Mrs Ali' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlink Mrs Ali?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await vi.waitFor(() => expect(fetch.callsTo('DELETE', `${base}/parents/7`)).toHaveLength(1));
  });

  it('turns an account off after the dialog, and shows the refusal inside it', async () => {
    const fetch = show(answer(), {
      'POST /api/parents/7/active': () => json({ message: 'No parent account with that number.' }, 404),
    });
    await userEvent.click(await screen.findByRole('button', { name: "Turn off Mrs Ali's account" }));
    const dialog = screen.getByRole('dialog', { name: "Turn off Mrs Ali's account?" });
    expect(dialog.textContent).toContain('signed out at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'No parent account with that number.',
    );
    expect(fetch.callsTo('POST', '/api/parents/7/active').map((c) => c.body)).toEqual([{ active: false }]);
  });

  it('says when no parent is linked, and when four are (no code)', async () => {
    show(answer({ parents: [], family_code: null }));
    expect(await screen.findByText('No parent account is linked yet.')).toBeTruthy();
    expect(screen.getByText(/4 parent accounts are linked, the most a child may have/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Issue a new code' })).toBeNull();
  });
});
