import { expect, test } from '@playwright/test';
import { firstLoginStudent, signInStudent, studentWithPassword, typedBirthDate } from './fixtures';

test.describe('student sign-in', () => {
  test('the sign-in page arrives compressed: HTML and every script over 1 KB in brotli', async ({ page }) => {
    const sent: { url: string; encoding: string | undefined; bytes: number }[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (!['document', 'script', 'stylesheet'].includes(type)) return;
      const length = Number(response.headers()['content-length'] ?? 0);
      sent.push({ url: response.url(), encoding: response.headers()['content-encoding'], bytes: length });
    });
    await page.goto('/');
    await expect(page.getByLabel('Student ID')).toBeVisible();
    const large = sent.filter((r) => r.encoding !== undefined || r.bytes > 1024);
    // At least the first-screen script (one file, see web/vite.config.ts); the HTML is under 1 KB.
    expect(large.some((r) => r.url.endsWith('.js'))).toBe(true);
    for (const r of large) expect(r.encoding, r.url).toBe('br');
  });

  // A page of its own for each, so nothing comes from the cache.
  for (const path of ['/', '/admin']) {
    test(`${path} downloads at most 150 KiB of JavaScript, compressed as sent`, async ({ page }) => {
      const scripts: Promise<number>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        // The body as it came over the wire (brotli), not as unpacked.
        scripts.push(
          response
            .request()
            .sizes()
            .then((sizes) => sizes.responseBodySize),
        );
      });
      await page.goto(path);
      await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
      // What loads after the first paint (the answers' checks, say) counts too.
      await page.waitForLoadState('networkidle');
      const kib = (await Promise.all(scripts)).reduce((sum, n) => sum + n, 0) / 1024;
      expect(kib, 'the sizes were read').toBeGreaterThan(10);
      expect(kib, 'KiB of JavaScript').toBeLessThanOrEqual(150);
    });
  }

  test('first sign-in by date of birth → new password → dashboard → logout → sign in with the new password', async ({
    page,
  }) => {
    const student = firstLoginStudent(0);
    await page.goto('/');
    await page.getByLabel('Student ID').fill(student.id);
    // Enter in the ID moves to the password; Enter there submits.
    await page.getByLabel('Student ID').press('Enter');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.type(typedBirthDate(student));
    await page.keyboard.press('Enter');

    await expect(page.getByLabel('New Password', { exact: true })).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill('Steelpan-2026!');
    await page.getByLabel('Confirm New Password').fill('Steelpan-2027!');
    await page.getByRole('button', { name: /change password/i }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();

    await page.getByLabel('Confirm New Password').fill('Steelpan-2026!');
    await page.getByRole('button', { name: /change password/i }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      page.getByRole('heading', { name: new RegExp(`Welcome, ${student.first_name}`) }),
    ).toBeVisible();

    await page.goto('/logout');
    await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

    await signInStudent(page, student.id, 'Steelpan-2026!');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a wrong password shows the message and stays on the sign-in page', async ({ page }) => {
    const student = studentWithPassword(0);
    await signInStudent(page, student.id, 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('The student ID or password is incorrect.');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => sessionStorage.getItem('authenticated'))).not.toBe('true');
  });

  test('a student with a password reaches the dashboard with two tiles and the avatar', async ({ page }) => {
    const student = studentWithPassword(1);
    await signInStudent(page, student.id, student.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('link', { name: /term reports/i }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /edit\/view registration/i }).first()).toBeVisible();
    const initials = `${student.first_name[0]}${student.last_name[0]}`;
    await expect(page.getByText(initials, { exact: true })).toBeVisible();
  });
});

test.describe('guards', () => {
  test('pages that need a sign-in send a visitor to /, and admin area pages to the staff sign-in', async ({
    page,
  }) => {
    for (const path of ['/dashboard', '/registration/student-data', '/term-reports']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('a signed-in student is sent from / to the registration and away from the admin area', async ({
    page,
  }) => {
    const student = studentWithPassword(2);
    await signInStudent(page, student.id, student.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/registration\/student-data$/);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    // Even with the client flag forged, the server refuses the admin list.
    await page.evaluate(() => sessionStorage.setItem('staff', 'true'));
    const status = await page.evaluate(async () => (await fetch('/api/students')).status);
    expect(status).toBe(403);
  });
});
