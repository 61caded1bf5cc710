import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderApp, signInAsStudent } from '../../test/render-app';

const me = {
  kind: 'student',
  student_id: '20240001',
  name: 'Ada',
  full_name: 'Ada Lovelace',
  limited: false,
};

describe('change password page', { timeout: 20_000 }, () => {
  it('shows only the message of the last attempt', async () => {
    mockFetch({
      'GET /api/me': () => json(me),
      'POST /api/change-password-student': () => json({ message: 'The old password is incorrect.' }, 400),
    });
    signInAsStudent();
    renderApp('/registration/change-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Old Password'), 'wrong-one');
    await user.type(screen.getByLabelText('New Password'), 'Brand-new-2026');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Brand-new-2026');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('The old password is incorrect.')).toBeTruthy();

    await user.type(screen.getByLabelText('Confirm New Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeTruthy();
    expect(screen.queryByText('The old password is incorrect.')).toBeNull();
  });
});
