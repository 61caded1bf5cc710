import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible, keepScreenshot } from './fixtures';

/** The Spanish catalogue of the sign-in pages, English → Spanish (the PO file the app is built from). */
function spanish(): Map<string, string> {
  const po = readFileSync(
    join(import.meta.dirname, '..', '..', 'web', 'src', 'locales', 'es', 'first-screen.po'),
    'utf8',
  );
  const pairs = [...po.matchAll(/^msgid (".*")\nmsgstr (".*")$/gm)].map(
    ([, id, str]) => [JSON.parse(id!) as string, JSON.parse(str!) as string] as const,
  );
  return new Map(pairs.filter(([id]) => id !== ''));
}

test.describe('the sign-in page in Spanish', () => {
  test.use({ locale: 'es-419', viewport: { width: 375, height: 740 } });

  test('follows a Spanish browser, switches to English and back, and the choice outlasts a reload', async ({
    page,
  }) => {
    const es = spanish();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByLabel(es.get('Student ID')!)).toBeVisible();
    await expect(page.getByRole('button', { name: es.get('Login')!, exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: es.get('Parent')! })).toBeVisible();
    // No English left of what the catalogue translates (the school's name is its own).
    const text = await page.locator('body').innerText();
    for (const english of ['Student ID', 'Password', 'Forgot your password?', 'Student sign-in'])
      expect(text).not.toContain(english);
    await expectAccessible(page);
    await keepScreenshot(page, 'sign-in-spanish');

    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByLabel('Student ID')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Student ID')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByLabel(es.get('Student ID')!)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });
});
