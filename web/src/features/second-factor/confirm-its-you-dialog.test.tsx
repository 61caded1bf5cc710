import { FRESH_FACTOR_FIELD, secondFactorMessages } from '@sp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, noContent, type RecordedCall } from '../../test/fetch-mock';
import { staffMe } from '../../test/me-answers';
import { renderApp, signInAsStaff } from '../../test/render-app';

const askAgain = () =>
  json(
    {
      message: secondFactorMessages.freshRequired,
      errors: [{ field: FRESH_FACTOR_FIELD, message: secondFactorMessages.freshRequired }],
    },
    403,
  );
const status = {
  totp: true,
  passkeys: [],
  recovery_codes_left: 9,
  required: false,
  fresh: false,
  only_admin: false,
};

/** A staff page whose call needs a fresh second factor: making new recovery codes. */
function renewCodes(verify: (call: RecordedCall) => Response) {
  signInAsStaff();
  let fresh = false;
  const fetch = mockFetch({
    'GET /api/me': () => json(staffMe('admin')),
    'GET /api/second-factor': () => json({ ...status, fresh }),
    'POST /api/second-factor/recovery-codes': () =>
      fresh ? json({ recovery_codes: ['abcd-efgh-jkmn'] }) : askAgain(),
    'POST /api/second-factor/verify': (call) => {
      const answer = verify(call);
      fresh = answer.ok;
      return answer;
    },
  });
  renderApp('/admin/sign-in-security');
  return { user: userEvent.setup(), ...fetch };
}

async function askedAgain(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Make new recovery codes' }));
  await user.click(await screen.findByRole('button', { name: 'Make new codes' }));
  return screen.findByRole('dialog', { name: 'Confirm it’s you' });
}

describe('Confirm it’s you', () => {
  it('asks for a code when a call needs it, then sends the call again', async () => {
    const { user, callsTo } = renewCodes((call) =>
      (call.body as { code?: string }).code === '123456'
        ? noContent()
        : json({ message: secondFactorMessages.codeWrong }, 400),
    );
    const dialog = await askedAgain(user);
    const code = within(dialog).getByRole('textbox', { name: 'Code' });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await user.type(code, '111111{Enter}');
    expect(await within(dialog).findByText(secondFactorMessages.codeWrong)).toBeTruthy();
    await user.clear(code);
    await user.type(code, '123456{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Your recovery codes' })).toBeTruthy();
    expect(callsTo('POST', '/api/second-factor/recovery-codes')).toHaveLength(2);
    expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).toBeNull();
  });

  it('takes a recovery code instead', async () => {
    const { user, callsTo } = renewCodes(() => noContent());
    const dialog = await askedAgain(user);
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(await screen.findByRole('textbox', { name: 'Recovery code' }), 'abcd-efgh-jkmn{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Your recovery codes' })).toBeTruthy();
    expect(callsTo('POST', '/api/second-factor/verify')[0]?.body).toEqual({ recovery_code: 'abcdefghjkmn' });
  });

  it('cancelled: the page shows the server’s message and nothing is sent again', async () => {
    const { user, callsTo } = renewCodes(() => noContent());
    const dialog = await askedAgain(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(secondFactorMessages.freshRequired)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).toBeNull());
    expect(callsTo('POST', '/api/second-factor/recovery-codes')).toHaveLength(1);
    expect(callsTo('POST', '/api/second-factor/verify')).toHaveLength(0);
  });
});
