import { expect, test } from '@playwright/test';
import { WIDTHS, checkScreen, signInAdmin } from './fixtures';

for (const size of WIDTHS) {
  test(`the Backups page shows the last backup and the nightly schedule at ${size.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signInAdmin(page);
    await page.goto('/admin/backups');
    await expect(page.getByRole('heading', { name: 'Backups' })).toBeVisible();
    // The demo school has just started: no night has passed yet.
    await expect(page.getByText('No backup has been taken yet.')).toBeVisible();
    await expect(page.getByText(/every night at 02:00; the newest 14 are kept/)).toBeVisible();
    await checkScreen(page, 'admin-backups');
  });
}
