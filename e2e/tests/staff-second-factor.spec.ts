import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { WIDTHS, checkScreen, demoAccounts, signInAdmin, sharedServer } from './fixtures';

/**
 * An administrator sees each staff member's second factor and resets a lost one (D51). The account is this
 * spec's own, so the demo's accounts keep signing in by password for the other specs.
 */

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/** An API session of its own, with the XSRF token echoed on writes. */
async function apiSession(): Promise<{
  ctx: APIRequestContext;
  post: (path: string, data: unknown) => ReturnType<APIRequestContext['post']>;
}> {
  const ctx = await request.newContext({ baseURL: sharedServer() });
  await ctx.get('/sanctum/csrf-cookie');
  const post = async (path: string, data: unknown) => {
    const token = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    return ctx.post(path, { data, headers: { 'X-XSRF-TOKEN': decodeURIComponent(token) } });
  };
  return { ctx, post };
}

/** A new staff account that has set up an authenticator app; returns its signed-in API session. */
async function staffWithApp(fullName: string) {
  const admin = await apiSession();
  const { username, password } = demoAccounts().admin;
  expect((await admin.post('/api/admin-login', { name: username, password })).status()).toBe(200);
  const user = `e2e.factor.${Date.now() % 1_000_000}`;
  const created = await admin.post('/api/staff-users', {
    username: user,
    full_name: fullName,
    role: 'staff',
  });
  expect(created.status()).toBe(201);
  const once = ((await created.json()) as { password: string }).password;
  await admin.ctx.dispose();

  const staff = await apiSession();
  expect((await staff.post('/api/admin-login', { name: user, password: once })).status()).toBe(200);
  expect((await staff.post('/api/change-password-staff', { password: 'Factor-test-2026' })).status()).toBe(
    200,
  );
  const start = await staff.post('/api/second-factor/totp/start', {});
  expect(start.status()).toBe(200);
  const { secret } = (await start.json()) as { secret: string };
  const confirm = await staff.post('/api/second-factor/totp/confirm', { code: await generate({ secret }) });
  expect(confirm.status()).toBe(200);
  return staff;
}

for (const size of WIDTHS) {
  test(`an administrator resets another's second factor at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    const fullName = `Anika Ramdial ${size.width}`;
    const staff = await staffWithApp(fullName);
    await signInAdmin(page);
    await page.goto('/admin/staff');
    await expect(row(page, fullName)).toContainText(/authenticator app/i);
    await checkScreen(page, 'staff-second-factor');

    // One's own row offers no reset: that is done from one's own Sign-in security page.
    await row(page, demoAccounts().admin.username)
      .getByRole('button', { name: /^Actions for/ })
      .click();
    await expect(page.getByRole('menuitem', { name: 'Reset password' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Reset second factor' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await row(page, fullName)
      .getByRole('button', { name: `Actions for ${fullName}` })
      .click();
    await page.getByRole('menuitem', { name: 'Reset second factor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset second factor' });
    await expect(dialog).toContainText(`Remove the second factor of ${fullName} (authenticator app)?`);
    await checkScreen(page, 'staff-second-factor-reset');
    await dialog.getByRole('button', { name: 'Reset second factor' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, fullName)).toContainText(/none/i);

    // The staff member's session ended with the reset.
    expect((await staff.ctx.get('/api/me')).status()).toBe(401);
    await staff.ctx.dispose();

    await page.goto('/admin/settings');
    const card = page.getByRole('region', { name: 'Sign-in security' });
    await expect(card.getByRole('radio', { name: 'Optional for everyone' })).toBeChecked();
    await card.scrollIntoViewIfNeeded();
    await checkScreen(page, 'settings-sign-in-security');
  });
}
