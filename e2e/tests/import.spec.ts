import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  WIDTHS,
  asStaff,
  expectAccessible,
  keepScreenshot,
  outputDir,
  readRecordAsStaff,
  signInAdmin,
} from './fixtures';

const HEADER = 'ID,Last Name,First Name,SEA Number,Class,Date of Birth,House,Entry Date';
const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from([HEADER, ...lines].join('\r\n')),
});

/** Axe, a screenshot, and the page itself never scrolls sideways (wide tables scroll in their own box). */
async function check(page: Page, name: string): Promise<void> {
  await expectAccessible(page);
  await keepScreenshot(page, name);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

async function openImportPanel(page: Page) {
  await signInAdmin(page);
  const menu = page.getByRole('navigation', { name: 'Staff menu' });
  const item = menu.getByRole('link', { name: 'Import Students' });
  if (await item.isVisible()) await item.click();
  else await page.goto('/admin/import');
  await expect(page.getByRole('heading', { name: 'Import Students', level: 1 })).toBeVisible();
}

for (const size of WIDTHS) {
  test.describe(`import at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('a file with a bad row, corrected, then imported', async ({ page }) => {
      const id = (n: number) => `IMP${size.width}${n}`;
      const rows = (secondClass: string) => [
        `${id(1)},Ramdial,Asha,2026${size.width}1,1A,21/05/2014,Ruby House,2026-09-01`,
        `${id(2)},Baptiste-Williams,Jordan,,${secondClass},2014-03-09,BLU,`,
      ];
      await openImportPanel(page);
      const input = page.getByLabel('Student file (CSV or XLSX)');

      await input.setInputFiles(csvFile('form1-draft.csv', rows('9Z')));
      await expect(page.getByText('Unknown class "9Z".').filter({ visible: true })).toBeVisible();
      await expect(page.getByText('Error: 1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await check(page, 'import-preview-errors');

      await input.setInputFiles(csvFile('form1.csv', rows('1B')));
      await expect(page.getByText('New: 2')).toBeVisible();
      await page.getByRole('button', { name: 'Import 2 students' }).click();
      await expect(page.getByText(/Imported: 2 new, 0 changed/)).toBeVisible();
      const history = page.getByRole('table', { name: 'Import history' });
      await expect(history.getByRole('row').nth(1)).toContainText('form1.csv');
      await page.waitForLoadState('networkidle');
      await check(page, 'import-done');

      // The same file again changes nothing.
      await input.setInputFiles(csvFile('form1.csv', rows('1B')));
      await expect(page.getByText('Unchanged: 2')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();
    });

    test("D43: the office's house edit survives a class list imported with the House cell blank", async ({
      page,
    }) => {
      const id = `KEEP${size.width}`;
      await openImportPanel(page);
      const input = page.getByLabel('Student file (CSV or XLSX)');
      await input.setInputFiles(
        csvFile('new.csv', [`${id},Lewis,Marcus,2026${size.width}9,1A,2014-02-11,RED,`]),
      );
      await page.getByRole('button', { name: 'Import 1 student' }).click();
      await expect(page.getByText(/Imported: 1 new/)).toBeVisible();

      // The office moves the student to Sapphire House in the edit dialog.
      await asStaff(async ({ post }) => {
        expect((await post('/api/student', { id, house_code: 'BLU' })).status()).toBe(200);
      });

      // A form teacher's list, made before the move, leaves House and SEA Number empty; one row names a
      // house the school does not have.
      await input.setInputFiles(
        csvFile('form-teacher.csv', [
          `${id},Lewis,Marcus,,1A,2014-02-11,,`,
          `NEW${size.width},Ali,Zara,,1A,2014-02-11,Diamond House,`,
        ]),
      );
      await expect(page.getByText('Unchanged: 1')).toBeVisible();
      await expect(
        page
          .getByText(/"Diamond House" is not one of the school's houses: Emerald House \(GRN\), Ruby House/)
          .filter({ visible: true }),
      ).toBeVisible();
      await page.waitForLoadState('networkidle');
      await check(page, 'import-preview-blank-keeps');
      await page.getByLabel('Show rows').selectOption('all');
      await expect(page.getByRole('row', { name: new RegExp(id) })).toContainText('Unchanged');
      await expect(page.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();

      const record = await readRecordAsStaff(id);
      expect(record).toMatchObject({ house_code: 'BLU', sea_no: `2026${size.width}9` });
    });

    test('a file saved again after the preview is to be chosen again', async ({ page }) => {
      const id = `SAVED${size.width}`;
      const path = join(outputDir, `saved-again-${size.width}.csv`);
      const lines = (first: string) => [HEADER, `${id},Roberts,${first},,1A,2014-02-11,,`].join('\r\n');
      await mkdir(outputDir, { recursive: true });
      await writeFile(path, lines('Tia'));
      await openImportPanel(page);
      await page.getByLabel('Student file (CSV or XLSX)').setInputFiles(path);
      await expect(page.getByText('New: 1')).toBeVisible();
      // The name corrected in Excel and saved, after the preview.
      await writeFile(path, lines('Tiana-Marie'));
      await page.getByRole('button', { name: 'Import 1 student' }).click();
      await expect(page.getByText('The file changed since the preview: choose it again.')).toBeVisible();
      await expect(page.getByText(/internet connection/i)).toHaveCount(0);
    });

    test('a student added by hand', async ({ page }) => {
      const id = `ADD${size.width}`;
      await openImportPanel(page);
      await page.getByRole('main').getByRole('link', { name: 'Add student' }).click();
      await expect(page).toHaveURL(/\/admin\/students\/new$/);
      await page.getByRole('button', { name: 'Add student' }).click();
      await expect(page.getByText('This field is required.').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await check(page, 'add-student');

      await page.getByLabel('ID *').fill(id);
      await page.getByLabel('Last Name *').fill('Mohammed');
      await page.getByLabel('First Name *').fill('Aaliyah');
      await page.getByLabel('Class *').selectOption('2C');
      await page.getByLabel('Date of Birth *').fill('2013-11-02');
      await page.getByLabel('House').selectOption({ label: 'Topaz House' });
      await page.getByRole('button', { name: 'Add student' }).click();
      await expect(page.getByText(`Student ${id} was added.`)).toBeVisible();
      await check(page, 'add-student-done');
      await page.getByRole('link', { name: /open the student/i }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/students/${id}/record/student-data$`));
    });
  });
}
