import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { WIDTHS, checkScreen, demoAccounts, signInAdmin } from './fixtures';

const rows = (page: import('@playwright/test').Page) =>
  page.locator('table[aria-label="Students"] tbody tr:not([aria-hidden])');

test("the dashboard's click filters the table to who has not finished, and the list downloads", async ({
  page,
}) => {
  await signInAdmin(page);
  const progress = page.getByRole('region', { name: 'Registration progress' });
  await progress.getByLabel('Show').click();
  await page.getByRole('option', { name: 'Step: Family Data' }).click();

  // Class 1B: the bar says how many have not done the step; its click leaves just those in the table.
  const bar = progress.getByRole('button', { name: /^1B / });
  const [, done, of] = /(\d+)\/(\d+)/.exec((await bar.textContent()) ?? '')!;
  const left = Number(of) - Number(done);
  expect(Number(done)).toBeGreaterThan(0);
  expect(left).toBeGreaterThan(0);
  await bar.click();
  await expect(page.getByRole('status').filter({ hasText: 'Step: Family Data not done in 1B' })).toHaveText(
    `Step: Family Data not done in 1B: ${left} students`,
  );
  await expect(rows(page)).toHaveCount(left);
  for (const cls of await rows(page).locator('td:nth-child(3)').allTextContents()) expect(cls).toBe('1B');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = (await readFile(await (await downloading).path())).toString();
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('ID,Last Name,First Name,Class,Not done');
  expect(lines).toHaveLength(left + 1);
  const ids = new Set(
    demoAccounts()
      .students.filter((s) => s.class_id === '1B')
      .map((s) => s.id),
  );
  for (const line of lines.slice(1)) expect(ids.has(line.split(',')[0]!)).toBe(true);

  // The school's bar, for the terms: everyone who has not agreed, every class.
  await progress.getByLabel('Show').click();
  await page.getByRole('option', { name: 'Terms agreed' }).click();
  await progress.getByRole('button', { name: /^School / }).click();
  const enrolled = demoAccounts().students.filter((s) => !s.withdrawn).length;
  const status = page.getByRole('status').filter({ hasText: 'Terms agreed not done' });
  await expect(status).toContainText(/: \d+ students/);
  const notAgreed = Number(/: (\d+) students/.exec((await status.textContent()) ?? '')![1]);
  expect(notAgreed).toBeGreaterThan(0);
  expect(notAgreed).toBeLessThan(enrolled);

  await page.getByRole('button', { name: 'Show all' }).click();
  await expect(page.getByText(`Total Number of Students: ${enrolled}`)).toBeVisible();
});

for (const size of WIDTHS) {
  test(`dashboard filtered to a class at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    await signInAdmin(page);
    const progress = page.getByRole('region', { name: 'Registration progress' });
    await progress.getByRole('button', { name: /^1A / }).click();
    await expect(page.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
    await checkScreen(page, 'admin-dashboard-filtered');
  });
}
