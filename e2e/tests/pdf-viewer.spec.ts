import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoAccounts, expectAccessible, signInAdmin, signInStudent } from './fixtures';

/**
 * D48: on a phone the report card and the registration form are drawn as pages (pdf.js), zoomable and
 * downloadable; a computer keeps the browser's own viewer in a frame. Only signs in and reads.
 */
const accounts = demoAccounts();
// A returning student: the new Form 1 have no report card from last year (D49).
const student = accounts.students
  .filter((s) => s.has_password && !s.withdrawn && !s.class_id.startsWith('1'))
  .at(-1)!;
const password = accounts.studentPassword;

const phone = { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Every console error and CSP refusal of the page (pdf.js's worker and fonts must stay within the CSP). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The share of a page canvas's pixels that are not white: ink, not a blank sheet. */
const inked = (canvas: Locator) =>
  canvas.evaluate((c: HTMLCanvasElement) => {
    const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 600) ink++;
    return ink / (c.width * c.height);
  });

/** A drawn page: its canvas's CSS width, pixel width and PDF points across. */
const drawn = (canvas: Locator) =>
  canvas.evaluate((c: HTMLCanvasElement) => ({ css: c.getBoundingClientRect().width, pixels: c.width }));

async function expectPageDrawn(dialog: Locator, name: string): Promise<Locator> {
  const canvas = dialog.getByRole('img', { name }).locator('canvas');
  await expect(canvas).toHaveCount(1, { timeout: 20_000 });
  expect(await inked(canvas), `${name} is blank`).toBeGreaterThan(0.005);
  const { css, pixels } = await drawn(canvas);
  // Drawn at the screen's density (2×), not stretched.
  expect(Math.abs(pixels - css * 2)).toBeLessThanOrEqual(2);
  return canvas;
}

async function expectDownloadedPdf(page: Page, dialog: Locator, name: RegExp): Promise<void> {
  const saving = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download' }).first().click();
  const download = await saving;
  expect(download.suggestedFilename()).toMatch(name);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
}

async function openPostedCard(page: Page): Promise<Locator> {
  await signInStudent(page, student.id, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/term-reports');
  await page
    .getByRole('button', { name: /Report posted/ })
    .first()
    .click();
  return page.getByRole('dialog', { name: /End of Term Report/ });
}

test.describe('on a phone', () => {
  test.use(phone);

  test('a report card is drawn as a page that zooms to be read, pinches and downloads', async ({ page }) => {
    const errors = watchErrors(page);
    const dialog = await openPostedCard(page);
    await expect(dialog.getByRole('status')).toHaveText('One page shown.', { timeout: 20_000 });
    await expect(dialog.locator('iframe')).toHaveCount(0);
    const canvas = await expectPageDrawn(dialog, 'Page 1 of 1');
    const fit = await drawn(canvas);
    // A Legal page across a phone: 612 points in ~340 px, its 9-point type about 5 px high.
    expect(fit.css).toBeLessThan(375);
    await expectAccessible(page);
    await page.screenshot({ path: screenshot('pdf-viewer-report-card', 375) });

    // Every control takes a finger.
    for (const name of ['Zoom out', 'Zoom in', 'Fit', 'Download', 'Close']) {
      const box = await dialog.getByRole(name === 'Download' ? 'link' : 'button', { name }).boundingBox();
      expect(box!.height, name).toBeGreaterThanOrEqual(44);
      expect(box!.width, name).toBeGreaterThanOrEqual(44);
    }

    // Zoomed to 300 %: the page is redrawn three times as wide, still at the screen's density.
    for (let i = 0; i < 5; i++) await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect(dialog.getByText('300 %')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    await expect
      .poll(async () => {
        const d = await drawn(canvas);
        return Math.round(d.pixels / fit.css / 2);
      })
      .toBe(3);
    const zoomed = await drawn(canvas);
    // 9-point type is now ~15 px high: readable.
    expect(zoomed.css / 612).toBeGreaterThan(1.5);
    await page.screenshot({ path: screenshot('pdf-viewer-report-card-300', 375) });
    // The page scrolls sideways inside its box; the screen itself does not.
    const region = dialog.getByRole('region', { name: /pages/ });
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Two fingers spread on the page zoom it in from 100 %.
    await dialog.getByRole('button', { name: 'Fit' }).click();
    await expect(dialog.getByText('100 %')).toBeVisible();
    const box = (await region.boundingBox())!;
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints:
          type === 'touchEnd'
            ? []
            : [
                { x: cx - spread, y: cy, id: 1 },
                { x: cx + spread, y: cy, id: 2 },
              ],
      });
    await touch('touchStart', 40);
    for (const spread of [60, 80, 100, 120]) await touch('touchMove', spread);
    await touch('touchEnd', 0);
    await expect(dialog.getByText(/(2\d\d|300) %$/)).toBeVisible();

    await expectDownloadedPdf(page, dialog, /^Report Card .*\.pdf$/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('the registration form shows both pages and downloads', async ({ page }) => {
    const errors = watchErrors(page);
    await signInStudent(page, student.id, password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/registration/complete');
    await page.getByRole('button', { name: 'Open registration form' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registration Form' });
    await expect(dialog.getByRole('status')).toHaveText('2 pages shown.', { timeout: 20_000 });
    await expectPageDrawn(dialog, 'Page 1 of 2');
    await page.screenshot({ path: screenshot('pdf-viewer-registration-form', 375) });
    await dialog.getByRole('img', { name: 'Page 2 of 2' }).scrollIntoViewIfNeeded();
    await expectPageDrawn(dialog, 'Page 2 of 2');
    await expectDownloadedPdf(page, dialog, /^Registration Form .*\.pdf$/);
    expect(errors).toEqual([]);
  });

  test('a document the browser cannot read says so and offers the download', async ({ page }) => {
    await page.route('**/api/report-card/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/pdf', body: 'not a PDF at all' }),
    );
    const dialog = await openPostedCard(page);
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('could not be shown here');
    await expect(alert.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      /\/api\/report-card\//,
    );
  });

  test('row menus take a finger', async ({ page }) => {
    await signInAdmin(page);
    const more = page.getByRole('button', { name: /^More actions for / }).first();
    await expect(more).toBeVisible();
    const box = (await more.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await page.goto('/admin/staff');
    const actions = page.getByRole('button', { name: /^Actions for / }).first();
    await expect(actions).toBeVisible();
    const staffBox = (await actions.boundingBox())!;
    expect(Math.min(staffBox.width, staffBox.height)).toBeGreaterThanOrEqual(44);
  });
});

test('on a computer the report card stays in the browser’s viewer, with Download and a new tab', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const dialog = await openPostedCard(page);
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('src', /^\/api\/report-card\//);
  await expect(dialog.getByRole('link', { name: 'Open in a new tab' })).toBeVisible();
  await page.waitForTimeout(1_000);
  await page.screenshot({ path: screenshot('pdf-viewer-report-card', 1280) });
  await expectDownloadedPdf(page, dialog, /^Report Card .*\.pdf$/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

function screenshot(name: string, width: number): string {
  return new URL(`../output/screenshots/${name}-${width}.png`, import.meta.url).pathname;
}
