import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHILD_HEADER } from '@sp/domain';
import { describe, expect, it } from 'vitest';
import { startParentSession } from '../../api/session';
import { json } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { STUDENT_ID, mockRegistration, saved } from '../../test/registration-test-data';

const parentMe = {
  kind: 'parent',
  student_id: STUDENT_ID,
  name: 'Ada Lovelace',
  full_name: 'Mrs Lovelace',
  limited: false,
  parent: {
    email: 'mrs.lovelace@example.org',
    children: [
      { student_id: STUDENT_ID, first_name: 'Ada', last_name: 'Lovelace', class_id: '1A', form_level: 1 },
    ],
  },
};

describe("a parent's session that ends while typing (D26, D50)", { timeout: 30_000 }, () => {
  it("asks for the parent's own e-mail and password, never the child's ID, and sends what was typed", async () => {
    let first = true;
    const { callsTo } = mockRegistration(
      {},
      {
        'GET /api/me': () => json(parentMe),
        'POST /api/student': () => {
          if (!first) return saved();
          first = false;
          return json({ message: 'Please sign in.' }, 401);
        },
        'POST /api/parent/login': () => json({ name: 'Mrs Lovelace', email: 'mrs.lovelace@example.org' }),
      },
    );
    startParentSession(STUDENT_ID, 'Ada Lovelace');
    renderApp('/registration/student-data');
    await screen.findByRole('heading', { name: 'Student Data', level: 1 });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Mobile Phone'), '6781234');
    await user.tab();
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign in again' }));
    expect(dialog.queryByLabelText('Student ID')).toBeNull();
    expect(dialog.getByLabelText<HTMLInputElement>('E-mail address').value).toBe('mrs.lovelace@example.org');
    await user.type(dialog.getByLabelText('Password'), 'Parent-pass-123');
    await user.click(dialog.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(callsTo('POST', '/api/student')).toHaveLength(2));
    const resent = callsTo('POST', '/api/student')[1]!;
    expect(resent.body).toEqual({ id: STUDENT_ID, phone_home: '6781234' });
    expect(resent.headers[CHILD_HEADER]).toBe(STUDENT_ID);
    expect(callsTo('POST', '/api/login-student')).toHaveLength(0);
  });
});
