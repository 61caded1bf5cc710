import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { WIDTHS, checkScreen, demoAccounts, signInAdmin, signInStaff } from './fixtures';

/** Opens an admin panel from the drawer (or by its path where the drawer is closed on a phone). */
async function openPanel(page: Page, label: string, path: string) {
  const menu = page.getByRole('navigation', { name: 'Staff menu' });
  const item = menu.getByRole('link', { name: label });
  if (await item.isVisible()) await item.click();
  else await page.goto(path);
  await expect(page.getByRole('heading', { name: label, level: 1 })).toBeVisible();
}

/** The form teacher, in place of whoever is signed in. */
async function switchToStaff(page: Page) {
  await page.context().clearCookies();
  await signInStaff(page);
}

async function chooseTerm(page: Page, name: string) {
  await page.getByLabel('Term', { exact: true }).click();
  await page.getByRole('option', { name }).click();
}

async function chooseClass(page: Page, label: string, classId: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: classId, exact: true }).click();
}

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

const RESULTS_HEADER =
  'Student ID,Subject,Course Mark,Exam Mark,Absences,Lateness,Application,Conduct,Teacher Remark';

test.describe('term results at 1280 px', () => {
  test.use({ viewport: WIDTHS[0] });

  test('a term is added, its marks imported from a file, then posted and removed', async ({ page }) => {
    const [first, second] = demoAccounts().students.filter((s) => s.class_id === '1A' && !s.withdrawn);
    await signInAdmin(page);

    // Terms & Subjects: add 2026 Term 1.
    await openPanel(page, 'Terms & Subjects', '/admin/terms');
    await page.getByRole('button', { name: 'Add term' }).click();
    const termDialog = page.getByRole('dialog', { name: 'Add term' });
    await termDialog.getByLabel('Academic year starts in').fill('2026');
    await termDialog.getByLabel('Starts', { exact: true }).fill('2026-09-01');
    await termDialog.getByLabel('Ends', { exact: true }).fill('2026-12-11');
    await termDialog.getByLabel('Possible attendance sessions').fill('140');
    await termDialog.getByLabel('Next term starts').fill('2027-01-05');
    await checkScreen(page, 'term-dialog');
    await termDialog.getByRole('button', { name: 'Save' }).click();
    await expect(termDialog).toBeHidden();
    const terms = page.getByRole('table', { name: 'Terms' });
    await expect(terms.getByRole('row', { name: /2026-2027 1 2026-09-01 to 2026-12-11 140/ })).toBeVisible();
    await checkScreen(page, 'terms-subjects');

    // Term Results: a file with one bad row, then the corrected file.
    await openPanel(page, 'Term Results', '/admin/term-results');
    await page.getByLabel('Term', { exact: true }).click();
    await page.getByRole('option', { name: '2026-2027 Term 1' }).click();
    const input = page.getByLabel('Results file (CSV or XLSX)');
    const file = (name: string, rows: string[]) => ({
      name,
      mimeType: 'text/csv',
      buffer: Buffer.from([RESULTS_HEADER, ...rows].join('\r\n')),
    });
    const good = [
      `${first!.id},MATH,80,70,1,0,A,A,Works steadily.`,
      `${first!.id},ENGL,74.9,Abs,0,0,B,A,Missed the exam.`,
      `${second!.id},MATH,65,64,,,,,`,
    ];
    await input.setInputFiles(
      file('marks-draft.csv', [...good, `${second!.id},LATIN,50,50,,,,,`, `${first!.id},SPAN,50,101,,,,,`]),
    );
    await expect(page.getByText('Error: 2')).toBeVisible();
    await expect(page.getByText('Form 1 does not take "LATIN"')).toBeVisible();
    await expect(page.getByText(/Exam Mark: A mark is a number from 0 to 100/)).toBeVisible();
    await checkScreen(page, 'term-results-preview-errors');

    await input.setInputFiles(file('marks.csv', good));
    await expect(page.getByText('New: 3')).toBeVisible();
    await page.getByLabel('Show rows').selectOption('all');
    await expect(page.getByText('Course 74.9, exam ABS, total —')).toBeVisible();
    await expect(page.getByText('Course 80, exam 70, total 73 (B)')).toBeVisible();
    await page.getByRole('button', { name: 'Import 3 rows' }).click();
    await expect(page.getByText('3 results and 0 summaries saved.')).toBeVisible();

    // The grid shows the class; one mark is corrected in the browser.
    await page.getByLabel('Class', { exact: true }).click();
    await page.getByRole('option', { name: '1A', exact: true }).click();
    const grid = page.getByRole('table', { name: 'Marks of 1A' });
    await grid.getByRole('button', { name: new RegExp(`^73 B Mathematics`) }).click();
    const markDialog = page.getByRole('dialog');
    const exam = markDialog.getByLabel('Exam mark', { exact: true });
    // A mark out of range is named under its field as it is typed, and Save sends nothing.
    await exam.fill('101');
    await expect(markDialog.getByText(/^A mark is a number from 0 to 100/)).toBeVisible();
    await markDialog.getByRole('button', { name: 'Save' }).click();
    await expect(exam).toBeFocused();
    await checkScreen(page, 'term-results-mark-error');
    await exam.fill('80');
    await checkScreen(page, 'term-results-mark');
    await exam.press('Enter');
    await expect(grid.getByRole('button', { name: /^80 A Mathematics/ })).toBeVisible();
    await checkScreen(page, 'term-results-grid');

    // The missed exam shows as ABS; Clear removes it (a mark nobody entered), which is not the same as ABS.
    await grid.getByRole('button', { name: /^74\.9 \/ ABS English Language/ }).click();
    const engl = page.getByRole('dialog');
    await expect(engl.getByLabel('Exam mark', { exact: true })).toHaveValue('ABS');
    await engl.getByRole('button', { name: 'Clear exam mark' }).click();
    await expect(engl.getByText('Will be cleared: no mark entered.')).toBeVisible();
    await engl.getByRole('button', { name: 'Save' }).click();
    await expect(grid.getByRole('button', { name: /^74\.9 \/ — English Language/ })).toBeVisible();

    // Post Term Reports: post, then remove.
    await openPanel(page, 'Post Term Reports', '/admin/post-term-reports');
    const table = page.getByRole('table', { name: 'Term reports' });
    const row = table.getByRole('row', { name: /2026-2027 1 not posted/ });
    await expect(row).toBeVisible();
    await expect(table.getByRole('row', { name: /2025-2026 2 posted \d{4}-\d\d-\d\d/ })).toBeVisible();
    await page.getByLabel('Search').fill('2026-2027');
    await expect(table.getByRole('row')).toHaveCount(2);
    await row.getByRole('button', { name: 'Edit 2026 Term 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post 2026 Term 1 reports?' });
    await expect(dialog.getByText(/students have missing results/)).toBeVisible();
    await checkScreen(page, 'post-term-dialog');

    // A slow answer shows the progress state; a failure leaves the dialog usable (D12).
    await page.route('**/api/post-term-reports', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"message":"The server is busy; try again."}',
      });
    });
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(dialog.getByText('Posting reports please stand by')).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await expect(dialog.getByText('The server is busy; try again.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Yes' })).toBeEnabled();
    await page.unroute('**/api/post-term-reports');

    await dialog.getByRole('button', { name: 'Yes' }).click();
    const snackbar = page.getByText('2026 Term 1 reports posted');
    await expect(snackbar).toBeVisible();
    await expect(
      table.getByRole('row', { name: /2026-2027 1 posted \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/ }),
    ).toBeVisible();
    await checkScreen(page, 'post-terms-posted');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(snackbar).toBeHidden();

    await table.getByRole('button', { name: 'Edit 2026 Term 1' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'No' }).click();
    await expect(page.getByText('2026 Term 1 reports removed')).toBeVisible();
    await expect(table.getByRole('row', { name: /2026-2027 1 not posted/ })).toBeVisible();

    // A scheduled release shows in the table.
    await table.getByRole('button', { name: 'Edit 2026 Term 1' }).click();
    const releaseAt = page.getByLabel('Post at (school time)');
    await releaseAt.fill('2030-02-30 08:00');
    await releaseAt.press('Enter');
    await expect(page.getByText(/^Write the time as yyyy-MM-dd HH:mm/)).toBeVisible();
    await checkScreen(page, 'post-term-release-error');
    await releaseAt.fill('2030-01-06T08:00');
    await page.getByRole('button', { name: 'Schedule' }).click();
    await expect(page.getByText('Posts by itself: scheduled for 2030-01-06 08:00.')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(table.getByRole('row', { name: /not posted scheduled for 2030-01-06 08:00/ })).toBeVisible();
  });
});

test.describe('term panels at 375 px', () => {
  test.use({ viewport: WIDTHS[1] });

  test('each panel and the post dialog fit a phone', async ({ page }) => {
    await signInAdmin(page);
    await page.goto('/admin/terms');
    await expect(page.getByRole('heading', { name: 'Terms & Subjects', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Subjects of form 1' })).toContainText('Mathematics');
    await checkScreen(page, 'terms-subjects');

    await page.goto('/admin/term-results');
    await expect(page.getByRole('heading', { name: 'Term Results', level: 1 })).toBeVisible();
    await page.getByLabel('Class', { exact: true }).click();
    await page.getByRole('option', { name: '2B', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Marks of 2B' })).toBeVisible();
    await checkScreen(page, 'term-results-grid');
    await page.getByRole('table', { name: 'Marks of 2B' }).getByRole('button').first().click();
    const markDialog = page.getByRole('dialog');
    await markDialog.getByLabel('Course mark', { exact: true }).fill('74.95');
    await expect(markDialog.getByText(/^A mark is a number from 0 to 100/)).toBeVisible();
    await checkScreen(page, 'term-results-mark-error');
    await markDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(markDialog).toBeHidden();
    // A preview with old → new on a phone.
    const inTwoB = demoAccounts().students.find((s) => s.class_id === '2B' && !s.withdrawn)!;
    await page.getByLabel('Term', { exact: true }).click();
    await page.getByRole('option', { name: '2025-2026 Term 3' }).click();
    await page
      .getByLabel('Results file (CSV or XLSX)')
      .setInputFiles(csvFile('2B.csv', `${RESULTS_HEADER}\r\n${inTwoB.id},MATH,,ABS,,,,,\r\n`));
    await expect(page.getByText(/Exam Mark: .* → ABS/)).toBeVisible();
    await checkScreen(page, 'term-results-preview');

    await page.goto('/admin/post-term-reports');
    await expect(page.getByRole('heading', { name: 'Post Term Reports', level: 1 })).toBeVisible();
    await expect(page.getByRole('row', { name: /2025-2026 3 not posted/ })).toBeVisible();
    await checkScreen(page, 'post-terms');
    await page.getByRole('button', { name: 'Edit 2025 Term 3' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post 2025 Term 3 reports?' });
    // Students added by other specs have no results yet, so the check may list some: either answer will do.
    await expect(
      dialog
        .getByText('Every student has a result in each subject and a summary.')
        .or(dialog.getByRole('list', { name: 'Students with missing results' })),
    ).toBeVisible();
    await checkScreen(page, 'post-term-dialog');
    await dialog.getByLabel('Post at (school time)').fill('tomorrow 8am');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expect(dialog.getByText(/^Write the time as yyyy-MM-dd HH:mm/)).toBeVisible();
    await checkScreen(page, 'post-term-release-error');
  });
});

test.describe('blank is not absent (D40) at 1280 px', () => {
  test.use({ viewport: WIDTHS[0] });

  test('a staff member’s 1B template leaves 1A alone; the preview counts only 1B', async ({ page }) => {
    // 2025-2026 is a closed year: its 1A are last year's 1A (this year's 2A), not this year's new Form 1 (D49).
    const inOneA = demoAccounts().students.find(
      (s) => (s as { last_year_class_id?: string | null }).last_year_class_id === '1A' && !s.withdrawn,
    )!;
    const TERM = '2025-2026 Term 3';
    await signInAdmin(page);

    // The demo's form teacher has been given 1B (D44); looked at here, left unchanged.
    await openPanel(page, 'Staff Accounts', '/admin/staff');
    await page.getByRole('button', { name: `Actions for ${demoAccounts().staff.full_name}` }).click();
    await page.getByRole('menuitem', { name: 'Classes…' }).click();
    const classesDialog = page.getByRole('dialog', { name: `Classes of ${demoAccounts().staff.full_name}` });
    await expect(classesDialog.getByText('1B', { exact: true })).toBeVisible();
    await checkScreen(page, 'staff-classes-dialog');
    await classesDialog.getByRole('button', { name: 'Cancel' }).click();
    await openPanel(page, 'Term Results', '/admin/term-results');
    await chooseTerm(page, TERM);

    // The administrator imports 1A's marks: one student missed the Mathematics exam.
    const input = page.getByLabel('Results file (CSV or XLSX)');
    await input.setInputFiles(csvFile('1A.csv', `${RESULTS_HEADER}\r\n${inOneA.id},MATH,88,ABS,,,,,\r\n`));
    await expect(page.getByText('Changed: 1', { exact: true })).toBeVisible();
    await expect(page.getByText(/Exam Mark: \d+(\.\d)? → ABS/)).toBeVisible();
    await checkScreen(page, 'term-results-preview-changes');
    await page.getByRole('button', { name: 'Import 1 row' }).click();
    await expect(page.getByText('1 result and 0 summaries saved.')).toBeVisible();
    await chooseClass(page, 'Class', '1A');
    const gridA = page.getByRole('table', { name: 'Marks of 1A' });
    await expect(gridA.getByRole('button', { name: /^88 \/ ABS Mathematics/ })).toBeVisible();
    const before = await gridA.innerText();

    // The form teacher downloads a fresh template for 1B only, changes one mark and imports it.
    await switchToStaff(page);
    await page.goto('/admin/term-results');
    await chooseTerm(page, TERM);
    await chooseClass(page, 'Template class', '1B');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'CSV template' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Term Results 2025 Term 3 1B.csv');
    const lines = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\r\n');
    const rows = lines.slice(2);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((l) => l.split(',').includes('1B'))).toBe(true);
    // Prefilled: the stored marks are in the file, so only the edited cell changes anything.
    const target = rows.findIndex((l) => /,1B,MATH,\d/.test(l));
    const cells = rows[target]!.split(',');
    const examAt = lines[1]!.split(',').indexOf('Exam Mark') + (cells.length - lines[1]!.split(',').length);
    cells[examAt] = cells[examAt] === '77' ? '78' : '77';
    rows[target] = cells.join(',');
    await page
      .getByLabel('Results file (CSV or XLSX)')
      .setInputFiles(csvFile('1B.csv', [lines[0], lines[1], ...rows].join('\r\n')));
    await expect(page.getByText('Changed: 1', { exact: true })).toBeVisible();
    await expect(page.getByText('Error: 0', { exact: true })).toBeVisible();
    await expect(page.getByText('New: 0', { exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: `All rows (${rows.length})` })).toBeAttached();
    await page.getByRole('button', { name: 'Import 1 row' }).click();
    await expect(page.getByText('1 result and 0 summaries saved.')).toBeVisible();

    // 1A's grid is as the administrator left it: nothing turned to Abs.
    await chooseClass(page, 'Class', '1A');
    await expect(page.getByRole('table', { name: 'Marks of 1A' })).toBeVisible();
    expect(await page.getByRole('table', { name: 'Marks of 1A' }).innerText()).toBe(before);
    await checkScreen(page, 'term-results-staff');
  });
});
