import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { WIDTHS, checkScreen, outputDir, ownContexts, signInStudent } from './fixtures';
import { startOwnDemo, type OwnDemo, type OwnDemoStudent } from './own-server';

/**
 * The whole yearly cycle (D49) across two actors: the admin closes the year with a repeater, a leaver and a
 * re-mapped class and opens registration for the next; a returning family confirms four steps with "Nothing has
 * changed", changes a phone number, agrees to the new year's terms and prints the new year's form; the admin
 * reads both years in the students table and the history; the leaver still reads old report cards. Once a
 * family saves in the new year the rollover cannot be undone, so each width runs on a demo server of its own.
 */

interface Preview {
  from_year: number;
  year_label: string;
  next_year_label: string;
}

const named = (s: OwnDemoStudent) => `${s.first_name} ${s.last_name}`;
const dashed = (digits: string) => `${digits.slice(0, 3)}-${digits.slice(3)}`;
/** A full-page picture to look at, taken from the top (the sticky top bar is drawn where the page is scrolled). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: `/tmp/shots/cycle-${name}-${page.viewportSize()?.width}.png`,
    fullPage: true,
  });
}

/** A row of a "Now / Next year" counts table, as numbers. */
async function counts(page: Page, table: string, key: string): Promise<[number, number]> {
  const row = page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: key, exact: true }) });
  const [now, next] = await row.getByRole('cell').allInnerTexts();
  return [Number(now), Number(next)];
}

async function mark(page: Page, s: OwnDemoStudent, choice: RegExp) {
  await page.getByLabel('Search students').fill(s.id);
  await page.getByRole('button', { name: `Mark ${s.last_name}, ${s.first_name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Next year: ${named(s)} (${s.id})` });
  await dialog.getByRole('combobox', { name: 'Mark' }).click();
  await page.getByRole('option', { name: choice }).click();
  await dialog.getByRole('button', { name: 'Save mark' }).click();
  await expect(dialog).toBeHidden();
}

const newContext = ownContexts();

async function signInAdmin(browser: Browser, demo: OwnDemo, viewport: { width: number; height: number }) {
  const context = await newContext(browser, { baseURL: demo.baseURL, viewport });
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByLabel('Username').fill(demo.admin.username);
  await page.getByLabel('Password', { exact: true }).fill(demo.admin.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return page;
}

async function signInFamily(
  browser: Browser,
  demo: OwnDemo,
  s: OwnDemoStudent,
  viewport: (typeof WIDTHS)[number],
) {
  const context = await newContext(browser, { baseURL: demo.baseURL, viewport });
  const page = await context.newPage();
  await signInStudent(page, s.id, demo.studentPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

/** A row's class: its own column on a computer, after the name on a phone. */
const classOf = (row: Locator, classId: string) =>
  row.getByRole('cell').filter({ hasText: new RegExp(`(^| )${classId}$`) });

/** A student's row of the students table, found by ID. */
async function findStudent(page: Page, id: string) {
  await page.getByRole('searchbox', { name: 'Search students' }).fill(id);
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: id, exact: true }) });
}

WIDTHS.forEach((viewport, k) => {
  test.describe(`the yearly cycle at ${viewport.width} px`, () => {
    let demo: OwnDemo;
    test.beforeAll(async () => {
      test.setTimeout(150_000);
      mkdirSync('/tmp/shots', { recursive: true });
      demo = await startOwnDemo(4327 + k, `cycle-data-${viewport.width}`);
    });
    test.afterAll(async () => {
      await demo?.stop();
    });

    test('close a year, open the next; a returning family re-registers; staff read both years', async ({
      browser,
    }) => {
      const withPassword = (form: string) =>
        demo.students.find((s) => s.has_password && !s.withdrawn && s.class_id.startsWith(form))!;
      // The returning family: Form 3 now, in a class the school re-maps (3C → 4D, not 4C).
      const family = withPassword('3');
      const fromClass = family.class_id;
      const toClass = `4${fromClass === '3D' ? 'A' : 'D'}`;
      const usualClass = `4${fromClass[1]}`;
      const leaver = withPassword('4');
      const repeater = demo.students.find((s) => s.class_id === '2A' && !s.has_password && !s.withdrawn)!;

      // —— The admin: marks, a class move, the preview's counts, confirm. ——
      const admin = await signInAdmin(browser, demo, viewport);
      const preview = (await (await admin.request.get('/api/admin/rollover/preview')).json()) as Preview;
      const { year_label: closing, next_year_label: opening } = preview;
      await admin.goto('/admin/new-school-year');
      await expect(admin.getByText(`The current school year is ${closing}`)).toBeVisible();
      const [fromNow] = await counts(admin, 'Students per class', fromClass);
      const [, toBefore] = await counts(admin, 'Students per class', toClass);
      const [leaverClassNow, leaverClassNext] = await counts(admin, 'Students per class', leaver.class_id);
      expect(leaverClassNext).toBe(leaverClassNow); // 4x → 5x, everyone moves on

      await mark(admin, repeater, /Repeating the year/);
      await mark(admin, leaver, /^Leaving$/);
      await admin.getByRole('button', { name: 'Add a class move' }).click();
      const moves = admin.getByRole('list', { name: 'Class moves' });
      await moves.getByLabel('From class').last().fill(fromClass);
      await moves.getByLabel('To class').last().fill(toClass);
      await admin.getByRole('button', { name: 'Save class moves' }).click();
      await expect(admin.getByText('Class moves saved: the preview below uses them.')).toBeVisible();
      await expect(admin.getByText(/^No conflicts/)).toBeVisible();
      // The counts before → after: the mapped class's students go to the other class, the leaver is not in 5x.
      expect(await counts(admin, 'Students per class', toClass)).toEqual([
        expect.any(Number),
        toBefore + fromNow,
      ]);
      expect((await counts(admin, 'Students per class', usualClass))[1]).toBe(0);
      expect((await counts(admin, 'Students per class', `5${leaver.class_id[1]}`))[1]).toBe(
        leaverClassNow - 1,
      );
      await expect(admin.getByText('Repeating the year: 1')).toBeVisible();
      await checkScreen(admin, 'cycle-preview');
      await shot(admin, 'preview');

      await admin.getByRole('button', { name: `Close ${closing} and open ${opening}…` }).click();
      const confirm = admin.getByRole('dialog', { name: `Close ${closing} and open ${opening}?` });
      await expect(confirm.getByText(/1 repeats, 1 leaves/)).toBeVisible();
      await confirm.getByRole('button', { name: 'Close the year' }).click();
      await expect(admin.getByText(`${opening} is now the current year:`, { exact: false })).toBeVisible({
        timeout: 30_000,
      });

      // Registration for the family's new form (Settings → registration windows).
      await admin.goto('/admin/settings');
      const window = admin.getByRole('form', { name: 'Form 4', exact: true });
      await window.getByLabel('Form 4 registration open').check();
      await window.getByRole('button', { name: 'Save Form 4' }).click();
      await expect(window.getByText('Saved. The change is in effect now.')).toBeVisible();

      // —— The returning family, in a browser of their own. ——
      const home = await signInFamily(browser, demo, family, viewport);
      await home.goto('/registration/student-data');
      await expect(home.getByLabel('First Name', { exact: true })).toHaveValue(family.first_name);
      await expect(home.getByLabel('Home Address', { exact: true })).not.toHaveValue('');
      const confirmStep = async (step: string) => {
        await expect(home.getByRole('heading', { name: step, level: 1 })).toBeVisible();
        const panel = home.getByRole('region', { name: 'Nothing has changed' });
        await expect(panel).toContainText(`Confirm the ${opening} details as they are`);
        await panel.getByRole('button', { name: 'Nothing has changed' }).click();
        await expect(panel).toContainText(/Confirmed unchanged on \d+ \w{3}/);
      };
      const next = () => home.getByRole('link', { name: 'Next', exact: true }).click();
      await confirmStep('Student Data');
      await shot(home, 'student-data');
      await next();

      await confirmStep('Family Data');
      const mobile = home.locator('#field-mobile_phone_mother');
      const oldMobile = await mobile.inputValue();
      expect(oldMobile, "last year's number is filled in").toMatch(/^\d+$/);
      const newMobile = oldMobile === '6543210' ? '6543211' : '6543210';
      await mobile.fill(newMobile);
      await mobile.blur();
      await expect(
        home
          .locator('.MuiFormControl-root', { has: mobile })
          .getByRole('img', { name: 'Saved', exact: true }),
      ).toBeVisible();
      await shot(home, 'family-data');
      await next();

      await expect(home.getByText('Please check: asked again every year').first()).toBeVisible();
      await confirmStep('Health Data');
      await expect(home.getByText('Please check: asked again every year')).toHaveCount(0);
      await next();
      await confirmStep('Other Data');
      await next();
      await expect(home.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
      await next();

      await expect(home.getByRole('heading', { name: `Terms and conditions for ${opening}` })).toBeVisible();
      await home.getByLabel(/I agree to the terms and conditions/).check();
      await expect(home.getByText(/Agreed on/)).toBeVisible();
      await checkScreen(home, 'cycle-complete');
      await shot(home, 'complete');
      await home.getByRole('button', { name: 'Open registration form' }).click();
      const formDialog = home.getByRole('dialog', { name: 'Registration Form' });
      const formUrl = `/api/registration-form/${family.id}`;
      await expect(formDialog.getByRole('link', { name: 'Download' }).first()).toHaveAttribute(
        'href',
        formUrl,
      );
      await shot(home, 'form');
      await formDialog.getByRole('button', { name: 'Close' }).click();
      const pdf = await home.request.get(formUrl);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      const dir = join(outputDir, 'yearly-cycle');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `form-${viewport.width}.pdf`);
      writeFileSync(file, await pdf.body());
      const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
      expect(text).toContain(opening);
      expect(text).toContain(dashed(newMobile));
      expect(text).not.toContain(dashed(oldMobile));

      // —— The admin: this year's table, last year's, and the history. ——
      await admin.goto('/admin/dashboard');
      const selector = admin.getByRole('combobox', { name: 'School year' });
      await expect(selector).toContainText(opening);
      const row = await findStudent(admin, family.id);
      await expect(classOf(row, toClass)).toBeVisible();
      await expect(await findStudent(admin, leaver.id)).toHaveCount(0);
      await shot(admin, 'students-now');

      await selector.click();
      await admin.getByRole('option', { name: closing }).click();
      await expect(admin.getByText(`${closing} is closed: read only`)).toBeVisible();
      const then = await findStudent(admin, family.id);
      await expect(classOf(then, fromClass)).toBeVisible();
      const gone = await findStudent(admin, leaver.id);
      await expect(classOf(gone, leaver.class_id)).toBeVisible();
      await checkScreen(admin, 'cycle-last-year');
      await shot(admin, 'students-last-year');

      await admin.goto(`/admin/students/${family.id}/history`);
      const history = admin.getByRole('main');
      await expect(
        history.getByRole('heading', { name: new RegExp(`History of .*${family.id}`) }),
      ).toBeVisible();
      for (const step of ['Student Data', 'Family Data', 'Health Data', 'Other Data'])
        await expect(history.getByText(step, { exact: true }).first()).toBeVisible();
      await expect(history.getByText('Confirmed unchanged', { exact: true })).not.toHaveCount(0);
      await expect(history.getByText(`1868-${dashed(oldMobile)} → 1868-${dashed(newMobile)}`)).toBeVisible();
      await shot(admin, 'history');
      // Last year's own part of it: the number the family changed then, in the year the selector names.
      await admin.goto(`/admin/students/${family.id}/history?year=${preview.from_year}`);
      await expect(admin.getByText(`${closing} is closed: read only`)).toBeVisible();
      await expect(admin.getByText(new RegExp(`→ 1868-${dashed(oldMobile)}$`)).first()).toBeVisible();
      await checkScreen(admin, 'cycle-history-last-year');
      // The repeater's history holds last year's mark, which the rollover used.
      await admin.goto(`/admin/students/${repeater.id}/history`);
      await expect(admin.getByText(/Marked for next school year/).first()).toBeVisible();

      // —— The leaver still signs in, to last year's report cards only. ——
      const gonePage = await signInFamily(browser, demo, leaver, viewport);
      await gonePage.goto('/term-reports');
      await expect(gonePage.getByRole('heading', { name: 'Select Term Report' })).toBeVisible();
      await shot(gonePage, 'leaver');
      await gonePage
        .getByRole('button', { name: /Report posted/ })
        .first()
        .click();
      const card = gonePage.getByRole('dialog');
      await expect(card.getByRole('link', { name: 'Download' }).first()).toHaveAttribute(
        'href',
        new RegExp(`/api/.*${leaver.id}`),
      );
      await card.getByRole('button', { name: 'Close' }).click();
      await gonePage.goto('/registration/student-data');
      await expect(gonePage.getByRole('link', { name: 'Open my term reports' })).toBeVisible();
      await checkScreen(gonePage, 'cycle-leaver');
    });
  });
});
