import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { WIDTHS, asStaff, demoAccounts, expectAccessible, keepScreenshot, signInAdmin } from './fixtures';

const EXPORT = '**/api/registration-data-spreadsheet*';

async function noSidewaysScroll(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Field saves by staff, through the API, so the student's history has something to show. */
async function changeAsStaff(studentId: string, fields: Record<string, unknown>): Promise<void> {
  await asStaff(async ({ post }) => {
    const save = await post('/api/student', { id: studentId, ...fields });
    expect(save.status()).toBe(200);
  });
}

test('Export Data downloads a class as Registration Data - Class 1A - <date>.xlsx, with a header row and a row per student', async ({
  page,
}) => {
  await signInAdmin(page);
  await page.getByRole('link', { name: 'Export Data' }).click();
  await expect(page).toHaveURL(/\/admin\/export$/);
  await expect(page.getByRole('heading', { name: 'Export Data' })).toBeVisible();

  await page.getByLabel('Form level').click();
  await page.getByRole('option', { name: 'Form 1' }).click();
  await page.getByLabel('Class').click();
  await page.getByRole('option', { name: '1A', exact: true }).click();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  // The file is named by the school's day, which is not the test machine's near midnight.
  const { time_zone } = (await (await page.request.get('/api/settings/public')).json()) as {
    time_zone: string;
  };
  const name = `Registration Data - Class 1A - ${new Date().toLocaleDateString('en-CA', { timeZone: time_zone })}.xlsx`;
  expect(download.suggestedFilename()).toBe(name);
  await expect(page.getByText(`${name} has been downloaded.`)).toBeVisible();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(headers.slice(0, 5)).toEqual(['Student ID', 'Class', 'Form Level', 'House', 'First Name']);
  expect(headers).toContain('Date of Birth');
  expect(headers).toContain('Mother: Mobile Phone');
  const inClass = demoAccounts().students.filter((s) => s.class_id === '1A');
  expect(sheet.actualRowCount - 1).toBe(inClass.length);
  const ids: unknown[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) ids.push(row.getCell(1).value);
  });
  expect(ids.sort()).toEqual(inClass.map((s) => s.id).sort());
});

test('a failed export says so and the panel stays usable', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin/export');
  await page.route(EXPORT, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server error."}' }),
  );
  await page.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByText('The data could not be downloaded: Server error.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download' })).toBeEnabled();
});

test("a student's history page lists changes, newest first", async ({ page }) => {
  const student = demoAccounts().students[5]!;
  await changeAsStaff(student.id, { home_address: '12 History Lane, Arima' });
  await changeAsStaff(student.id, { mobile_phone_mother: '7543210' });
  await signInAdmin(page);
  await page.goto(`/admin/students/${student.id}/history`);
  await expect(
    page.getByRole('heading', {
      name: `History of ${student.first_name} ${student.last_name} (${student.id})`,
    }),
  ).toBeVisible();
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toContainText('Changed: Mother: Mobile Phone');
  await expect(rows.nth(1)).toContainText('1868-754-3210');
  await expect(rows.nth(2)).toContainText('Changed: Home Address');
  await expect(rows.nth(2)).toContainText('12 History Lane, Arima');
  await page.getByRole('link', { name: 'Back to students' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

for (const size of WIDTHS) {
  test(`export panel and history page at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    const student = demoAccounts().students[6]!;
    await changeAsStaff(student.id, { previous_school: 'Arima Government Primary' });
    await signInAdmin(page);
    await page.goto('/admin/export');
    await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
    await noSidewaysScroll(page, 'admin-export');
    await keepScreenshot(page, 'admin-export');

    // Hold the answer back so the modal can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(EXPORT, async (route) => {
      await held;
      await route.continue();
    });
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    await expect(page.getByRole('dialog', { name: 'Downloading data...' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Downloading data' })).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'admin-export-downloading');
    release();
    await downloading;
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.goto(`/admin/students/${student.id}/history`);
    await expect(page.getByText('Changed: Previous School').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
    await noSidewaysScroll(page, 'admin-student-history');
    await keepScreenshot(page, 'admin-student-history');
  });
}
