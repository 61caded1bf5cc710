import { expect, test } from '@playwright/test';
import { WIDTHS, checkScreen, signInAdmin } from './fixtures';

const frameSrc = (page: import('@playwright/test').Page) =>
  page.getByTitle('Registration report').getAttribute('src');

test('Reports shows the registration report, follows the filters and downloads it', async ({ page }) => {
  await signInAdmin(page);
  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  expect(await frameSrc(page)).toBe('/api/registration-report/all');

  await page.getByLabel('Form level').click();
  await page.getByRole('option', { name: 'Form 1' }).click();
  expect(await frameSrc(page)).toBe('/api/registration-report/all?form_level=1');
  await page.getByLabel('Class').click();
  await page.getByRole('option', { name: '1B', exact: true }).click();
  expect(await frameSrc(page)).toBe('/api/registration-report/all?form_level=1&class_id=1B');

  // What the frame shows is the server's PDF for those filters.
  const pdf = await page.request.get('/api/registration-report/all?form_level=1&class_id=1B');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Registration Report.pdf');
});

for (const size of WIDTHS) {
  test(`Reports panel at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    await signInAdmin(page);
    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { name: 'Registration report' })).toBeVisible();
    await checkScreen(page, 'admin-reports');
  });
}
