import { expect, test } from '@playwright/test';
import { WIDTHS, checkScreen, keepScreenshot, signInAdmin } from './fixtures';

/**
 * Settings → Classes: the admin adds a class and sees it under its form, then removes it again (the e2e server
 * is shared by every spec, so the demo's class list is left as it was), at a computer's width and a phone's.
 */
for (const size of WIDTHS) {
  test(`the admin adds and removes a class at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    await signInAdmin(page);
    await page.goto('/admin/settings');
    const card = page.getByRole('region', { name: 'Classes' });
    await expect(card.getByRole('region', { name: 'Form 1' })).toBeVisible();

    const id = `Z${size.width}`;
    await card.getByLabel('New class').fill(id.toLowerCase());
    await card.getByRole('combobox', { name: 'Form' }).click();
    await page.getByRole('option', { name: 'Upper Sixth' }).click();
    await card.getByRole('button', { name: 'Add class' }).click();
    await expect(
      card.getByRole('region', { name: 'Upper Sixth' }).getByText(id, { exact: true }),
    ).toBeVisible();

    await card.getByLabel('New class').fill(id);
    await card.getByRole('button', { name: 'Add class' }).click();
    await expect(card.getByText(`Class ${id} already exists.`)).toBeVisible();
    await expect(card.getByLabel('New class')).toHaveValue(id);
    await checkScreen(page, 'settings-classes');

    await card.getByLabel(`Remove class ${id}`).click();
    await expect(card.getByText(`Class ${id} removed.`)).toBeVisible();
    await expect(card.getByText(id, { exact: true })).toHaveCount(0);
    await keepScreenshot(page, 'settings-classes-removed');
  });
}
