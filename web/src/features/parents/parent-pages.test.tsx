import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHILD_HEADER, messages, parentMessages } from '@sp/domain';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { anil, bina, parentMe, signInAsParent } from './parents-test-data';

describe('the parent pages (D50)', { timeout: 20_000 }, () => {
  it('/parent/children lists the children, says a wrong code at the field, and links with the right one', async () => {
    let linked = [anil];
    const { callsTo } = mockFetch({
      'GET /api/me': () => json(parentMe(linked)),
      'GET /api/parent/children': () => json({ children: linked }),
      'POST /api/parent/children': (call) => {
        const body = call.body as { family_code: string };
        if (body.family_code !== 'GOOD-CODE') {
          const error = { field: 'family_code', message: parentMessages.codeNotValid };
          return json({ message: parentMessages.codeNotValid, errors: [error] }, 400);
        }
        linked = [anil, bina];
        return json(bina);
      },
    });
    signInAsParent(anil);
    renderApp('/parent/children');
    const list = await screen.findByRole('list', { name: 'Linked children' });
    expect(within(list).getByText('Anil Ali · 1A')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Link this child' }));
    expect(screen.getAllByText(messages.required).length).toBe(2);
    await user.type(screen.getByLabelText('Student ID'), 'B002');
    await user.type(screen.getByLabelText('Family code'), 'WRONG');
    await user.click(screen.getByRole('button', { name: 'Link this child' }));
    expect(await screen.findByText(parentMessages.codeNotValid)).toBeTruthy();
    await user.clear(screen.getByLabelText('Family code'));
    await user.type(screen.getByLabelText('Family code'), 'GOOD-CODE');
    await user.click(screen.getByRole('button', { name: 'Link this child' }));
    expect((await screen.findByRole('status')).textContent).toContain('Bina Ali is now linked');
    expect(await within(list).findByText('Bina Ali · 4C')).toBeTruthy();
    expect(callsTo('POST', '/api/parent/children').map((c) => c.body)).toEqual([
      { student_id: 'B002', family_code: 'WRONG' },
      { student_id: 'B002', family_code: 'GOOD-CODE' },
    ]);
  });

  it('the E-mail addresses page names the linked parents and invites a confirmed parent address', async () => {
    const { callsTo } = mockFetch({
      'GET /api/me': () => json(parentMe([anil])),
      'GET /api/student/contacts': () =>
        json({
          addresses: [
            { field: 'email', label: 'Student', address: 'anil@example.org', confirmed: true },
            { field: 'email_mother', label: 'Mother', address: 'mum@example.org', confirmed: true },
            { field: 'email_father', label: 'Father', address: 'dad@example.org', confirmed: false },
          ],
        }),
      'GET /api/student/parents': () =>
        json({ parents: [{ name: 'Mrs Ali', linked_at: '2026-09-01T12:00:00Z' }], max_parents: 4 }),
      'POST /api/student/parents/invite': () => json({ message: parentMessages.inviteSent }),
    });
    signInAsParent(anil);
    renderApp('/email-addresses');
    const section = (await screen.findByRole('heading', { name: 'Parent accounts' })).parentElement!;
    expect(await within(section).findByText(/Linked: Mrs Ali \(since 1 Sep\)/)).toBeTruthy();
    const invites = within(section).getAllByRole('button', { name: /to the parent portal/ });
    expect(invites.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Invite to the parent portal: mum@example.org',
    ]);
    await userEvent.setup().click(invites[0]!);
    expect(await within(section).findByText('Invitation sent')).toBeTruthy();
    const sent = callsTo('POST', '/api/student/parents/invite');
    expect(sent.map((c) => [c.body, c.headers[CHILD_HEADER]])).toEqual([[{ field: 'email_mother' }, 'A001']]);
  });

  it('/parent/invite names the child and links it for a signed-in parent, or asks a visitor to sign in', async () => {
    const { callsTo } = mockFetch({
      'GET /api/parent/invite': () => json({ valid: true, first_name: 'Bina' }),
      'GET /api/me': () => json({ message: 'Please sign in.' }, 401),
      'POST /api/parent/invite/accept': () => json(bina),
    });
    const token = 'T'.repeat(43);
    const visitor = renderApp(`/parent/invite?token=${token}`);
    expect(await screen.findByText(/invited to follow Bina/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in as a parent' }).getAttribute('href')).toBe(
      '/?as=parent',
    );
    visitor.unmount();

    signInAsParent(null);
    renderApp(`/parent/invite?token=${token}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Link to my account' }));
    expect((await screen.findByRole('status')).textContent).toContain('Bina Ali is now linked');
    expect(callsTo('POST', '/api/parent/invite/accept').map((c) => c.body)).toEqual([{ token }]);
    expect(sessionStorage.getItem('userID')).toBe('B002');
  });
});
