import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { WIDTHS, asStaff, checkScreen, signInAdmin, signInStaff } from './fixtures';

/**
 * New School Year (D49): an admin marks a repeater and a leaver, maps a class, previews, confirms and sees
 * the new year, then undoes it the same day. The e2e server is shared by every spec, so the school is put
 * back afterwards (the undo, then the marks and class moves as they were), whatever happens in between.
 */

interface Row {
  student_id: string;
  first_name: string;
  last_name: string;
  from: { class_id: string | null };
  mark: string | null;
  closing_status: string;
}
interface Preview {
  from_year: number;
  year_label: string;
  next_year_label: string;
  students: Row[];
  conflicts: unknown[];
}

let before: { preview: Preview; students: Row[]; moves: { from: string; to: string }[] };
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/shots/rollover-${name}-${page.viewportSize()?.width}.png`, fullPage: true });
const named = (r: Row) => `${r.last_name}, ${r.first_name}`;
/** A student of `classId` moving on as usual, to mark. */
const studentIn = (classId: string) =>
  before.students.find((s) => s.from.class_id === classId && !s.mark && s.closing_status === 'enrolled')!;

test.beforeAll(async () => {
  mkdirSync('/tmp/shots', { recursive: true });
  before = await asStaff(async ({ ctx }) => ({
    preview: (await (await ctx.get('/api/admin/rollover/preview')).json()) as Preview,
    // The preview lists its students a page at a time: the classes this spec marks, each a page of its own.
    students: (
      await Promise.all(
        ['1C', '2A', '3B'].map(
          async (c) =>
            ((await (await ctx.get(`/api/admin/rollover/preview?class_id=${c}&limit=200`)).json()) as Preview)
              .students,
        ),
      )
    ).flat(),
    moves: (await (await ctx.get('/api/admin/rollover/class-moves')).json()) as {
      from: string;
      to: string;
    }[],
  }));
  expect(before.preview.conflicts).toEqual([]);
});

test.afterAll(async () => {
  await asStaff(async ({ ctx, post }) => {
    const put = async (path: string, data: unknown) =>
      ctx.put(path, {
        data,
        headers: {
          'X-XSRF-TOKEN': decodeURIComponent(
            (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value,
          ),
        },
      });
    const { years } = (await (await ctx.get('/api/admin/school-years')).json()) as {
      years: { year: number; state: string }[];
    };
    const current = years.find((y) => y.state === 'current')!;
    if (current.year !== before.preview.from_year)
      expect((await post('/api/admin/rollover/undo', { year: current.year })).status()).toBe(200);
    for (const s of [studentIn('2A'), studentIn('3B')])
      expect((await put(`/api/admin/rollover/marks/${s.student_id}`, { mark: null })).status()).toBe(200);
    expect((await put('/api/admin/rollover/class-moves', before.moves)).status()).toBe(200);
  });
});

async function openPanel(page: Page) {
  await signInAdmin(page);
  await page
    .getByRole('navigation', { name: 'Staff menu' })
    .getByRole('link', { name: 'New School Year' })
    .click();
  await expect(page.getByRole('heading', { name: 'New School Year', level: 1 })).toBeVisible();
}

async function mark(page: Page, row: Row, label: RegExp) {
  await page.getByLabel('Search students').fill(row.student_id);
  await page.getByRole('button', { name: `Mark ${named(row)}` }).click();
  const dialog = page.getByRole('dialog', {
    name: `Next year: ${row.first_name} ${row.last_name} (${row.student_id})`,
  });
  await dialog.getByRole('combobox', { name: 'Mark' }).click();
  await page.getByRole('option', { name: label }).click();
  await dialog.getByRole('button', { name: 'Save mark' }).click();
  await expect(dialog).toBeHidden();
}

const studentsTable = (page: Page) => page.getByRole('table', { name: 'Students for next year' });
/** A student's row, once the server's search has answered (the page before it may list others). */
const studentRow = (page: Page, id: string) =>
  studentsTable(page).getByRole('row', { name: new RegExp(`\\b${id}\\b`) });

test('the page at 375 px: every step readable, its own scroll for the tables', async ({ page }) => {
  await page.setViewportSize(WIDTHS[1]);
  await signInAdmin(page);
  await page.goto('/admin/new-school-year');
  await expect(page.getByRole('heading', { name: '3. Preview' })).toBeVisible();
  await checkScreen(page, 'rollover');
  await shot(page, 'page');
  const row = studentIn('2A');
  await page.getByLabel('Search students').fill(row.student_id);
  await page.getByRole('button', { name: `Mark ${named(row)}` }).click();
  await checkScreen(page, 'rollover-mark');
  await shot(page, 'mark');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: /^Close .* and open .*…$/ }).click();
  await checkScreen(page, 'rollover-confirm');
  await shot(page, 'confirm');
  await page.getByRole('button', { name: 'Cancel' }).click();
});

test('an admin closes the year with a repeater, a leaver and a mapped class; a staff member never sees the panel', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(WIDTHS[0]);
  const { year_label: closing, next_year_label: opening } = before.preview;
  const repeater = studentIn('2A');
  const leaver = studentIn('3B');
  const mapped = studentIn('1C');
  await openPanel(page);
  await expect(page.getByText(`The current school year is ${closing}`)).toBeVisible();

  await mark(page, repeater, /Repeating the year/);
  await expect(studentsTable(page).getByText('Repeating Form 2, 2A')).toBeVisible();
  await mark(page, leaver, /^Leaving$/);
  await expect(studentsTable(page).getByRole('cell', { name: 'Left' })).toBeVisible();

  await page.getByRole('button', { name: 'Add a class move' }).click();
  const moves = page.getByRole('list', { name: 'Class moves' });
  await moves.getByLabel('From class').last().fill('1C');
  await moves.getByLabel('To class').last().fill('2D');
  await page.getByRole('button', { name: 'Save class moves' }).click();
  await expect(page.getByText('Class moves saved: the preview below uses them.')).toBeVisible();
  await page.getByLabel('Search students').fill(mapped.student_id);
  await expect(studentRow(page, mapped.student_id).getByRole('cell', { name: 'Form 2, 2D' })).toBeVisible();

  await expect(page.getByText(/^No conflicts/)).toBeVisible();
  await checkScreen(page, 'rollover');
  await shot(page, 'marked');

  await page.getByRole('button', { name: `Close ${closing} and open ${opening}…` }).click();
  const dialog = page.getByRole('dialog', { name: `Close ${closing} and open ${opening}?` });
  await expect(
    dialog.getByText(/students? moves? up, .*1 repeats, 1 leaves.*registration closes for every form/),
  ).toBeVisible();
  await shot(page, 'confirm');
  await dialog.getByRole('button', { name: 'Close the year' }).click();
  await expect(page.getByText(`${opening} is now the current year:`, { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(`The current school year is ${opening}`)).toBeVisible();
  // The new year's list: the repeater still in 2A, the leaver gone, 1C in 2D.
  await page.getByLabel('Search students').fill(repeater.student_id);
  await expect(
    studentRow(page, repeater.student_id).getByRole('cell', { name: '2A', exact: true }),
  ).toBeVisible();
  await page.getByLabel('Search students').fill(leaver.student_id);
  await expect(studentsTable(page).getByText(/No students for next year match/)).toBeVisible();
  await page.getByLabel('Search students').fill(mapped.student_id);
  await expect(
    studentRow(page, mapped.student_id).getByRole('cell', { name: '2D', exact: true }),
  ).toBeVisible();
  await checkScreen(page, 'rollover-done');
  await shot(page, 'done');

  // A staff member (not the admin role), in a browser of their own: no menu entry, and the page refuses.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInStaff(staffPage);
  const menu = staffPage.getByRole('navigation', { name: 'Staff menu' });
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'New School Year' })).toHaveCount(0);
  await staffPage.goto('/admin/new-school-year');
  await expect(staffPage.getByText('This page is for administrators.')).toBeVisible();
  await staffContext.close();

  // The same day the rollover can be undone: the closed year is current again.
  await page.getByRole('button', { name: 'Undo rollover' }).click();
  await page
    .getByRole('dialog', { name: 'Undo the rollover?' })
    .getByRole('button', { name: 'Undo rollover' })
    .click();
  await expect(page.getByText(`The rollover was undone: ${closing} is the current year again.`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(`The current school year is ${closing}`)).toBeVisible();
});
