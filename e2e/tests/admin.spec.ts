import { expect, test } from '@playwright/test';
import { demoAccounts, signInAdmin } from './fixtures';

test('admin sign-in shows the students table with its total', async ({ page }) => {
  await signInAdmin(page);
  await expect(page.getByRole('heading', { name: 'Students' })).toBeVisible();
  const total = demoAccounts().students.filter((s) => !s.withdrawn).length;
  await expect(page.getByText(`Total Number of Students: ${total}`)).toBeVisible();
  for (const header of ['ID', 'Name', 'Class', 'Date of Birth', 'Birth Certificate Pin']) {
    await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
  }
  const someone = demoAccounts().students[5]!;
  await page.getByLabel('Search students').fill(someone.id);
  await expect(page.getByRole('cell', { name: `${someone.last_name}, ${someone.first_name}` })).toBeVisible();
});

test('a wrong admin password shows the message', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password-here');
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page.getByRole('alert')).toContainText('The username or password is incorrect.');
});
