import { expect, test } from '@playwright/test';
import {
  WIDTHS,
  expectVisibleFocus,
  signInFirstTime,
  checkScreen as check,
  demoAccounts,
  firstLoginStudent,
  signInAdmin,
  signInStudent,
  studentWithPassword,
  typedBirthDate,
} from './fixtures';

const STEPS = ['student-data', 'family-data', 'health-data', 'other-data', 'documents', 'complete'];

for (const [i, size] of WIDTHS.entries()) {
  test.describe(`screens at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('visitor screens', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByLabel('Student ID')).toBeVisible();
      await check(page, 'sign-in');
      await page.getByRole('button', { name: /get your student id/i }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, 'id-lookup');
      await page.goto('/admin');
      await expect(page.getByLabel('Username')).toBeVisible();
      await check(page, 'admin-sign-in');
      await page.goto('/no-such-page');
      await check(page, 'not-found');
    });

    test('first-login screens', async ({ page }) => {
      const student = firstLoginStudent(10 + i);
      await signInStudent(page, student.id, typedBirthDate(student));
      await expect(page.getByLabel('New Password', { exact: true })).toBeVisible();
      await check(page, 'new-password');
    });

    test('student screens', async ({ page }) => {
      const student = studentWithPassword(3 + i);
      await signInStudent(page, student.id, student.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await check(page, 'dashboard');
      await page.goto('/term-reports');
      await check(page, 'term-reports');
      await page.goto('/registration/change-password');
      await check(page, 'change-password');
    });

    test('admin screens', async ({ page }) => {
      await signInAdmin(page);
      await expect(page.getByText(/Total Number of Students: \d+/)).toBeVisible();
      await check(page, 'admin-dashboard');
    });
  });
}

/** The smallest phone the portal supports (D21): every student screen, open and closed registration. */
test.describe('student screens at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  // Open: a new Form 1 student. Closed: a Form 2 student, a form the demo keeps closed (Forms 1 and 3 are open).
  const closedForm = () =>
    demoAccounts()
      .students.filter((s) => s.class_id === '2D' && !s.has_password && !s.withdrawn)
      .at(-1)!;
  for (const [label, pick] of [
    // Form 1's first-login students are all taken by other specs (phone-photos.spec takes the last three).
    ['open', () => studentWithPassword(45)],
    ['closed', closedForm],
  ] as const) {
    test(`registration ${label}`, async ({ page }) => {
      const student = pick();
      if (student.has_password) {
        await signInStudent(page, student.id, demoAccounts().studentPassword);
        await expect(page).toHaveURL(/\/dashboard$/);
      } else await signInFirstTime(page, student, 'Phone-pass-2026');
      await check(page, `dashboard-${label}`);
      await expectVisibleFocus(page);
      await page.goto('/term-reports');
      await check(page, `term-reports-${label}`);
      await page.goto('/registration/change-password');
      await check(page, `change-password-${label}`);
      for (const step of STEPS) {
        await page.goto(`/registration/${step}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await check(page, `step-${step}-${label}`);
      }
      await expectVisibleFocus(page);
    });
  }
});
