import { secondFactorMessages } from '@sp/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { passkeyMessages } from '../../api/webauthn-ceremony';
import { json, mockFetch, type RecordedCall } from '../../test/fetch-mock';
import { staffMe } from '../../test/me-answers';
import { renderApp } from '../../test/render-app';

const answer = (second_factor: 'code' | 'enrol' | null, password_reset: 0 | 1 = 0) => ({
  name: 'Admin',
  username: 'admin',
  full_name: 'Grace Hopper',
  password_reset,
  second_factor,
});

/** The server's second step: 123456 and the recovery code abcd-efgh-jkmn are right. */
const secondStep = (call: RecordedCall) => {
  const body = call.body as { code?: string; recovery_code?: string };
  if (body.code === '123456' || body.recovery_code === 'abcdefghjkmn') return json(answer(null));
  return json({ message: secondFactorMessages.codeWrong }, 401);
};

async function passwordStep() {
  const user = userEvent.setup();
  const view = renderApp('/admin');
  await user.type(await screen.findByLabelText('Username'), 'admin{Enter}');
  await user.type(screen.getByLabelText('Password'), 'correct horse{Enter}');
  return { user, ...view };
}

const signedInRoutes = {
  'POST /api/admin-login': () => json(answer('code')),
  'POST /api/admin-login/second-factor': secondStep,
  'GET /api/me': () => json(staffMe('admin')),
  'GET /api/students': () => json([]),
};

const browser = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const passkeyAnswer = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};

describe('staff sign-in with a second factor', () => {
  it('asks for the code after the password and refuses a short or a wrong one', async () => {
    const { callsTo } = mockFetch(signedInRoutes);
    const { user, router } = await passwordStep();

    const code = await screen.findByLabelText('Code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(sessionStorage.getItem('authenticated')).toBe('false');

    await user.type(code, '12{Enter}');
    expect(await screen.findByText(secondFactorMessages.codeFormat)).toBeTruthy();
    expect(callsTo('POST', '/api/admin-login/second-factor')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '654321{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(secondFactorMessages.codeWrong);
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('signs in with the right code only then', async () => {
    const { callsTo } = mockFetch(signedInRoutes);
    const { user, router } = await passwordStep();
    await user.type(await screen.findByLabelText('Code'), '123 456{Enter}');
    expect(await screen.findByRole('heading', { name: 'Students' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(callsTo('POST', '/api/admin-login/second-factor').at(-1)?.body).toEqual({ code: '123456' });
    expect(sessionStorage.getItem('staff')).toBe('true');
  });

  it('takes a recovery code instead, as printed', async () => {
    const { callsTo } = mockFetch(signedInRoutes);
    const { user, router } = await passwordStep();

    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(await screen.findByLabelText('Recovery code'), 'ABCD-EFGH-JKMN{Enter}');
    expect(await screen.findByRole('heading', { name: 'Students' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(callsTo('POST', '/api/admin-login/second-factor')[0]?.body).toEqual({
      recovery_code: 'abcdefghjkmn',
    });
  });

  it('an account the school requires a factor of is signed in to set one up first', async () => {
    mockFetch({
      'POST /api/admin-login': () => json(answer('enrol')),
      'GET /api/me': () => json({ ...staffMe('admin'), must_enrol: true }),
      'GET /api/second-factor': () =>
        json({
          totp: false,
          passkeys: [],
          recovery_codes_left: 0,
          required: true,
          fresh: false,
          only_admin: true,
        }),
    });
    const { router } = await passwordStep();
    expect(await screen.findByRole('heading', { name: 'Sign-in security' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/sign-in-security');
    expect(screen.getByText(new RegExp(secondFactorMessages.enrolRequired))).toBeTruthy();
  });

  it('starts over from the code step with an empty form', async () => {
    mockFetch(signedInRoutes);
    const { user } = await passwordStep();
    await user.click(await screen.findByRole('button', { name: 'Back to username and password' }));
    expect(await screen.findByLabelText<HTMLInputElement>('Password')).toHaveProperty('value', '');
    expect(screen.queryByLabelText('Code')).toBeNull();
  });
});

describe('signing in with a passkey', () => {
  const routes = {
    'POST /api/passkeys/sign-in-options': () =>
      json({ ticket: 't1', options: { challenge: 'abc', rpId: 'localhost' } }),
    'POST /api/passkeys/sign-in': () => json(answer(null)),
    'GET /api/me': () => json(staffMe('admin')),
    'GET /api/students': () => json([]),
  };

  it('signs in from the sign-in page with the passkey alone', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    browser.startAuthentication.mockResolvedValue(passkeyAnswer);
    const { callsTo } = mockFetch(routes);
    const user = userEvent.setup();
    const { router } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('heading', { name: 'Students' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(browser.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'abc', rpId: 'localhost' },
    });
    expect(callsTo('POST', '/api/passkeys/sign-in')[0]?.body).toEqual({
      ticket: 't1',
      response: passkeyAnswer,
    });
  });

  it('says so when the browser’s passkey request is cancelled, and stays signed out', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    browser.startAuthentication.mockRejectedValue(new DOMException('cancelled', 'NotAllowedError'));
    const { callsTo } = mockFetch(routes);
    const user = userEvent.setup();
    const { router } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toContain(passkeyMessages.cancelled);
    expect(callsTo('POST', '/api/passkeys/sign-in')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/admin');
  });
});
