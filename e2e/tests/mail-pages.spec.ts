import { expect, test } from '@playwright/test';
import { WIDTHS, checkScreen, signInStudent, studentWithPassword } from './fixtures';

/**
 * The e-mail pages families see (D52), on a phone and a computer: axe-clean, nothing scrolling sideways, a
 * picture of each kept. A link's token here is well formed but unknown, as a mistyped or expired one is.
 */
const token = 'x'.repeat(43);

for (const size of WIDTHS) {
  test(`the pages an e-mailed link opens, and the family's addresses (${size.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(size);

    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkScreen(page, 'mail-forgot-password');
    await page.getByLabel('Student ID').fill('2026999');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status')).toContainText('If this student has a confirmed e-mail address');
    await checkScreen(page, 'mail-forgot-password-sent');

    await page.goto('/admin');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByLabel('Username')).toBeVisible();
    await checkScreen(page, 'mail-staff-forgot-password');

    await page.goto(`/reset-password?token=${token}`);
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    await checkScreen(page, 'mail-reset-password-dead-link');

    await page.goto(`/confirm-email?token=${token}`);
    await expect(page.getByRole('button', { name: 'Confirm my address' })).toBeVisible();
    await checkScreen(page, 'mail-confirm-email');

    await page.goto(`/unsubscribe?token=${token}`);
    await expect(page.getByRole('alert')).toBeVisible();
    await checkScreen(page, 'mail-unsubscribe-bad-link');

    const s = studentWithPassword(3);
    await signInStudent(page, s.id, s.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/email-addresses');
    await expect(page.getByRole('heading', { name: 'E-mail addresses' })).toBeVisible();
    await checkScreen(page, 'mail-email-addresses');
    await page.goto('/registration/complete');
    await expect(page.getByRole('heading', { name: 'E-mail addresses' })).toBeVisible();
    await checkScreen(page, 'mail-complete-step');
  });
}
