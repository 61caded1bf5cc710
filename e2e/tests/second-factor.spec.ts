import { expect, test, type Browser, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { checkScreen } from './fixtures';
import { startOwnDemo, type OwnDemo } from './own-server';

/**
 * The staff second factor (D51) in Chromium, on a demo server of its own (its accounts gain factors for good):
 * the administrator sets up an authenticator app (codes computed here from the key the page shows), signs out
 * and back in with a code, then with a recovery code, which the next sign-in refuses; the form teacher
 * registers a passkey in a virtual authenticator and signs in with it alone. The demo's rule is 'optional'.
 */
const PORT = 4394;
const LOGIN = /^login$/i;

let demo: OwnDemo;
/** The administrator's recovery codes from the first test; the first is spent there. */
let adminCodes: string[] = [];

// The suite's 120 s (ADR 0049): these workflows run beside two demo servers and one of their own.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  demo = await startOwnDemo(PORT, 'second-factor');
});

test.afterAll(async () => {
  await demo?.stop();
});

type Account = { username: string; password: string };
const staffAccount = () => (demo as unknown as { staff: Account }).staff;

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: demo.baseURL, viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

async function password(page: Page, account: Account) {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: LOGIN }).click();
}

async function openSecurity(page: Page) {
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign-in security' }).click();
  await expect(page.getByRole('heading', { name: 'Sign-in security' })).toBeVisible();
}

async function signOut(page: Page) {
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
}

/** The recovery codes the dialog shows once, read before it is closed. */
async function keepRecoveryCodes(page: Page): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
  const items = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  const codes = await items.allInnerTexts();
  await checkScreen(page, 'second-factor-recovery-codes');
  await dialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(dialog).toBeHidden();
  return codes;
}

test('authenticator app: set up, sign in with a code, a recovery code once and never again', async ({
  browser,
}) => {
  const page = await newPage(browser);
  await password(page, demo.admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await openSecurity(page);
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await checkScreen(page, 'second-factor-totp-setup');
  const now = Math.floor(Date.now() / 1000);
  await page.getByLabel('Code from the app').fill(await generate({ secret, epoch: now }));
  await page.getByRole('button', { name: 'Confirm' }).click();
  const codes = await keepRecoveryCodes(page);
  adminCodes = codes;
  await expect(page.getByText('The authenticator app is set up.')).toBeVisible();
  await signOut(page);

  // The password alone signs nobody in now; the next period's code (within the tolerance) does: the one just
  // used to confirm is refused as used.
  await password(page, demo.admin);
  const code = page.getByLabel('Code', { exact: true });
  await expect(code).toBeVisible();
  await checkScreen(page, 'second-factor-sign-in-code');
  await code.fill(await generate({ secret, epoch: now + 30 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await signOut(page);

  for (const outcome of ['signed in', 'refused'] as const) {
    await password(page, demo.admin);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    if (outcome === 'signed in') {
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await signOut(page);
    } else {
      await expect(page.getByRole('alert')).toContainText(
        'That recovery code is not right, or it has been used.',
      );
      await expect(page).toHaveURL(/\/admin$/);
    }
  }
  await page.context().close();
});

test('passkey: the form teacher registers one in a virtual authenticator and signs in with it alone', async ({
  browser,
}) => {
  const page = await newPage(browser);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  await password(page, staffAccount());
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await openSecurity(page);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByLabel('Passkey name').fill('Office laptop');
  await checkScreen(page, 'second-factor-passkey-name');
  await page.getByRole('button', { name: 'Continue' }).click();
  await keepRecoveryCodes(page);
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText('Office laptop')).toBeVisible();
  await checkScreen(page, 'second-factor-security-page');
  await signOut(page);

  await page.goto('/admin');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('button', { name: /account menu/ })).toBeVisible();
  await page.context().close();

  // The other side: the administrator (with a recovery code) sees the form teacher's passkey on Staff Accounts.
  // Serial mode: this runs only after the first test, which kept the administrator's recovery codes.
  expect(adminCodes.length, 'the first test keeps the administrator’s recovery codes').toBeGreaterThan(1);
  const admin = await newPage(browser);
  await password(admin, demo.admin);
  await admin.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await admin.getByLabel('Recovery code').fill(adminCodes[1]!);
  await admin.getByRole('button', { name: 'Verify' }).click();
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.goto('/admin/staff');
  const row = admin.getByRole('row').filter({ hasText: staffAccount().username });
  await expect(row).toContainText('1 passkey');
  await admin.context().close();
});
