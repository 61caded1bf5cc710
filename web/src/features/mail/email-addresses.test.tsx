import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, noContent } from '../../test/fetch-mock';
import { studentMe } from '../../test/me-answers';
import { renderApp, signInAsStudent } from '../../test/render-app';
import { STUDENT_ID, mockRegistration, studentRecord } from '../../test/registration-test-data';

const contacts = {
  addresses: [
    { field: 'email_mother', label: 'Mother', address: 'mum@example.com', confirmed: true },
    { field: 'email_father', label: 'Father', address: 'dad@example.com', confirmed: false },
  ],
};

const row = (address: string) => screen.getByText(address).closest('li') as HTMLElement;

describe('e-mail addresses', { timeout: 20_000 }, () => {
  it('from the student menu: says which are confirmed and sends a link once, then says so', async () => {
    const { callsTo } = mockFetch({
      'GET /api/me': () => json({ ...studentMe, student_id: STUDENT_ID }),
      'GET /api/student/contacts': () => json(contacts),
      'POST /api/student/contacts/confirm-link': () => noContent(),
    });
    signInAsStudent(STUDENT_ID);
    renderApp('/email-addresses');

    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail addresses' })).toBeTruthy();
    await screen.findByText('mum@example.com');
    expect(within(row('mum@example.com')).getByText('Confirmed')).toBeTruthy();
    expect(within(row('mum@example.com')).queryByRole('button')).toBeNull();
    expect(within(row('dad@example.com')).getByText('Not confirmed')).toBeTruthy();
    expect(within(row('dad@example.com')).getByText('Father')).toBeTruthy();

    const send = within(row('dad@example.com')).getByRole('button', { name: /send confirmation link/i });
    await userEvent.setup().click(send);
    expect(await within(row('dad@example.com')).findByText('Sent — check the inbox')).toBeTruthy();
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo('POST', '/api/student/contacts/confirm-link').map((c) => c.body)).toEqual([
      { field: 'email_father' },
    ]);
  });

  it('shows a refused link (too many asked for) and lets the family try later', async () => {
    mockFetch({
      'GET /api/me': () => json({ ...studentMe, student_id: STUDENT_ID }),
      'GET /api/student/contacts': () => json(contacts),
      'POST /api/student/contacts/confirm-link': () =>
        json({ message: 'Too many links asked for. Try again in an hour.' }, 429),
    });
    signInAsStudent(STUDENT_ID);
    renderApp('/email-addresses');
    await screen.findByText('dad@example.com');
    const send = within(row('dad@example.com')).getByRole('button', { name: /send confirmation link/i });
    await userEvent.setup().click(send);
    expect((await screen.findByRole('alert')).textContent).toContain('Too many links');
    expect(within(row('dad@example.com')).queryByText('Sent — check the inbox')).toBeNull();
    expect((send as HTMLButtonElement).disabled).toBe(false);
  });

  it('is a section of the Complete step', async () => {
    mockRegistration(
      { record: studentRecord() },
      {
        'GET /api/me': () => json({ ...studentMe, student_id: STUDENT_ID }),
        'GET /api/student/contacts': () => json(contacts),
      },
    );
    signInAsStudent(STUDENT_ID);
    renderApp('/registration/complete');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'E-mail addresses' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText('dad@example.com')).toBeTruthy();
  });
});
