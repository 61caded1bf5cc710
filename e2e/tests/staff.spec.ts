import { expect, test, type Page } from '@playwright/test';
import { WIDTHS, checkScreen, demoAccounts, signInAdmin } from './fixtures';

/** Usernames of this spec only, so other specs' accounts are untouched. */
const username = (what: string) => `e2e.${what}.${Date.now() % 1_000_000}`;

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/** Adds a staff member in the panel and returns the one-time password the dialog shows. */
async function addStaff(page: Page, fullName: string, user: string, screenshots?: string): Promise<string> {
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  await dialog.getByLabel('Full name').fill(fullName);
  await dialog.getByLabel('Username').fill(user);
  await expect(dialog.getByRole('radio', { name: /^Staff:/ })).toBeChecked();
  if (screenshots) await checkScreen(page, `${screenshots}-add`);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  const shown = page.getByRole('dialog', { name: 'Staff account created' });
  await expect(shown.getByText(user)).toBeVisible();
  const password = (await shown.getByTestId('one-time-password').textContent())!.trim();
  expect(password.length).toBeGreaterThanOrEqual(12);
  if (screenshots) await checkScreen(page, `${screenshots}-one-time-password`);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(row(page, fullName)).toBeVisible();
  return password;
}

for (const size of WIDTHS) {
  test(`the staff panel and its dialogs at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    await signInAdmin(page);
    await page.goto('/admin/staff');
    await expect(page.getByRole('heading', { name: 'Staff Accounts' })).toBeVisible();
    const { staff } = demoAccounts();
    await expect(row(page, staff.full_name)).toBeVisible();
    await checkScreen(page, 'staff-panel');

    const fullName = `Darnell Joseph ${size.width}`;
    await addStaff(page, fullName, username(`panel${size.width}`), 'staff-panel');

    // The demo form teacher's sign-ins: a typo among them, with the address.
    await row(page, staff.full_name)
      .getByRole('button', { name: `Actions for ${staff.full_name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Sign-in history' }).click();
    const history = page.getByRole('dialog', { name: `Sign-ins of ${staff.full_name}` });
    await expect(history.getByRole('cell', { name: 'Wrong password' })).toBeVisible();
    await expect(history.getByRole('cell', { name: '192.168.10.41' }).first()).toBeVisible();
    await checkScreen(page, 'staff-sign-in-history');
    await history.getByRole('button', { name: 'Close' }).click();

    await row(page, fullName)
      .getByRole('button', { name: `Actions for ${fullName}` })
      .click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate account' });
    await checkScreen(page, 'staff-deactivate');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(confirm).toBeHidden();
    await expect(row(page, fullName).getByText('Deactivated')).toBeVisible();
  });
}

test('the last administrator cannot be made staff', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin/staff');
  const admin = row(page, 'School Administrator');
  await admin.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: /^Make staff/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Change role' });
  await confirm.getByRole('button', { name: 'Make staff' }).click();
  await expect(confirm.getByRole('alert')).toContainText('last active administrator');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(admin.getByRole('cell', { name: 'Administrator', exact: true })).toBeVisible();
});

test('a new staff member signs in with the one-time password, chooses their own and sees the reduced menu', async ({
  page,
  browser,
}) => {
  await signInAdmin(page);
  await page.getByRole('link', { name: 'Staff Accounts' }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  const user = username('teacher');
  const oneTime = await addStaff(page, 'Anika Persad', user);

  const context = await browser.newContext();
  const staffPage = await context.newPage();
  await staffPage.goto('/admin');
  await staffPage.getByLabel('Username').fill(user);
  await staffPage.getByLabel('Password', { exact: true }).fill(oneTime);
  await staffPage.getByRole('button', { name: /^login$/i }).click();
  await expect(staffPage.getByText('Please choose a new password to finish signing in.')).toBeVisible();
  await expect(staffPage.getByLabel('Username')).toHaveValue(user);
  await checkScreen(staffPage, 'staff-first-password');
  await staffPage.getByLabel('New Password', { exact: true }).fill('Cocoa-estate-84');
  await staffPage.getByLabel('Confirm New Password').fill('Cocoa-estate-84');
  await staffPage.getByRole('button', { name: 'Change Password' }).click();
  await expect(staffPage).toHaveURL(/\/admin\/dashboard$/);

  const menu = staffPage.getByRole('navigation', { name: 'Staff menu' });
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Import Students' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Export Data' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Staff Accounts' })).toHaveCount(0);
  await staffPage.goto('/admin/staff');
  await expect(staffPage.getByText('This page is for administrators.')).toBeVisible();

  // Their own password, from the top bar.
  await staffPage.getByRole('button', { name: /Anika Persad, AP: account menu/ }).click();
  await staffPage.getByRole('menuitem', { name: 'Password and e-mail' }).click();
  await expect(staffPage).toHaveURL(/\/admin\/change-password$/);
  await staffPage.getByLabel('Current Password').fill('Cocoa-estate-84');
  await staffPage.getByLabel('New Password', { exact: true }).fill('Pitch-lake-2026');
  await staffPage.getByLabel('Confirm New Password').fill('Pitch-lake-2026');
  await staffPage.getByRole('button', { name: 'Change Password' }).click();
  await expect(staffPage.getByText('Your password has been changed.')).toBeVisible();
  await checkScreen(staffPage, 'staff-change-password');

  // The administrator sees the sign-in in the new account's history.
  await page.reload();
  await row(page, 'Anika Persad').getByRole('button', { name: 'Actions for Anika Persad' }).click();
  await page.getByRole('menuitem', { name: 'Sign-in history' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Sign-ins of Anika Persad' }).getByRole('cell', { name: 'Signed in' }),
  ).toBeVisible();
  await context.close();
});
