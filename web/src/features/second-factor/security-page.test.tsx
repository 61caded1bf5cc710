import { secondFactorMessages, type SecondFactorStatus } from '@sp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type RecordedCall } from '../../test/fetch-mock';
import { staffMe } from '../../test/me-answers';
import { renderApp, signInAsStaff } from '../../test/render-app';

const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const status = (over: Partial<SecondFactorStatus> = {}): SecondFactorStatus => ({
  totp: false,
  passkeys: [],
  recovery_codes_left: 0,
  required: false,
  fresh: true,
  only_admin: false,
  ...over,
});

const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-${String(i).padStart(4, 'k')}`);
const setup = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', uri: 'otpauth://totp/x', qr_svg: '<svg></svg>' };

function open(path = '/admin/sign-in-security', routes: Parameters<typeof mockFetch>[0] = {}) {
  signInAsStaff();
  const fetch = mockFetch({
    'GET /api/me': () => json(staffMe('admin')),
    'GET /api/second-factor': () => json(status()),
    ...routes,
  });
  return { user: userEvent.setup(), ...fetch, ...renderApp(path) };
}

describe('the Sign-in security page', () => {
  it('sets up the authenticator app: QR code, the key in groups of four, a first code, then the codes once', async () => {
    const confirm = (call: RecordedCall) =>
      (call.body as { code: string }).code === '123456'
        ? json({ recovery_codes: codes })
        : json({ message: secondFactorMessages.codeWrong }, 400);
    const { user, callsTo } = open(undefined, {
      'POST /api/second-factor/totp/start': () => json(setup),
      'POST /api/second-factor/totp/confirm': confirm,
    });
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');

    const code = screen.getByRole('textbox', { name: 'Code from the app' });
    await user.type(code, '12{Enter}');
    expect(await screen.findByText(secondFactorMessages.codeFormat)).toBeTruthy();
    await user.clear(code);
    await user.type(code, '654321{Enter}');
    expect(await screen.findByText(secondFactorMessages.codeWrong)).toBeTruthy();
    await user.clear(code);
    await user.type(code, '123456{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(callsTo('POST', '/api/second-factor/totp/confirm').at(-1)?.body).toEqual({ code: '123456' });
    await user.click(within(dialog).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(codes[0]!)).toBeNull();
  });

  it('asks the only administrator for a recovery code to remove the last factor', async () => {
    const { user, callsTo } = open(undefined, {
      'GET /api/second-factor': () =>
        json(status({ totp: true, recovery_codes_left: 7, required: true, only_admin: true })),
      'POST /api/second-factor/totp/remove': () => json({ message: secondFactorMessages.recoveryWrong }, 403),
    });
    expect(await screen.findByText(/7 of 10 recovery codes left/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the authenticator app?' });
    expect(within(dialog).getByText(secondFactorMessages.lastAdminNeedsRecovery)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText(secondFactorMessages.recoveryFormat)).toBeTruthy();
    expect(callsTo('POST', '/api/second-factor/totp/remove')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Recovery code' }), 'ABCD EFGH JKMN{Enter}');
    expect(await within(dialog).findByText(secondFactorMessages.recoveryWrong)).toBeTruthy();
    expect(callsTo('POST', '/api/second-factor/totp/remove')[0]?.body).toEqual({
      recovery_code: 'abcdefghjkmn',
    });
  });

  it('adds a passkey with a name, shows the first codes, renames and lists it', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const credential = { id: 'c', rawId: 'c', type: 'public-key', response: {}, clientExtensionResults: {} };
    browser.startRegistration.mockResolvedValue(credential);
    const passkey = { id: 4, name: 'Office laptop', created_at: '2026-11-25T09:00:00Z', last_used_at: null };
    let added = false;
    const { user, callsTo } = open(undefined, {
      'GET /api/second-factor': () =>
        json(status(added ? { passkeys: [passkey], recovery_codes_left: 10 } : {})),
      'POST /api/passkeys/register-options': () => json({ ticket: 't9', options: { challenge: 'x' } }),
      'POST /api/passkeys/register': () => {
        added = true;
        return json({ passkey, recovery_codes: codes });
      },
      'POST /api/passkeys/4/rename': () => json({ message: 'At most 60 characters.' }, 400),
    });
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(secondFactorMessages.passkeyNameRequired)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Passkey name' }), ' Office laptop {Enter}');
    expect(await screen.findByRole('dialog', { name: 'Your recovery codes' })).toBeTruthy();
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'x' } });
    expect(callsTo('POST', '/api/passkeys/register')[0]?.body).toEqual({
      ticket: 't9',
      name: 'Office laptop',
      response: credential,
    });
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getByText('Office laptop')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Rename Office laptop' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most 60 characters.')).toBeTruthy();
  });
});

describe('an account the school requires a second factor of', () => {
  it('is sent from any staff page to Sign-in security with the rule explained, the menu hidden', async () => {
    const { router } = open('/admin/dashboard', {
      'GET /api/me': () => json({ ...staffMe('admin'), must_enrol: true }),
      'GET /api/second-factor': () => json(status({ required: true })),
    });
    expect(await screen.findByText(new RegExp(secondFactorMessages.enrolRequired))).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/sign-in-security');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });
});

describe('the avatar menu', () => {
  it('links to Sign-in security', async () => {
    const { user, router } = open('/admin/change-password', {
      'GET /api/admin/account': () =>
        json({ username: 'admin', full_name: 'Grace Hopper', email: null, email_confirmed: false }),
    });
    await user.click(await screen.findByRole('button', { name: /account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign-in security' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sign-in-security'));
  });
});
