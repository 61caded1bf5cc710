import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  WIDTHS,
  checkScreen,
  demoAccounts,
  keepScreenshot,
  outputDir,
  signInAdmin,
  signInStudent,
  studentWithPassword,
  sharedServer,
} from './fixtures';

/**
 * The Settings panel (D19, D30). The e2e server is shared by every spec, so this spec puts back the school
 * name, logo and Form 1 window it changes (afterAll), whatever happens in between.
 */

interface Settings {
  school_name: string;
  logo_url: string | null;
  registration_windows: { form_level: number; open: boolean; deadline: string | null; note: string | null }[];
}

/** A staff API session of its own, with the XSRF token echoed on writes. */
async function adminApi(): Promise<{
  ctx: APIRequestContext;
  headers: () => Promise<Record<string, string>>;
}> {
  const { admin } = demoAccounts();
  const ctx = await request.newContext({ baseURL: sharedServer() });
  const headers = async () => {
    const token = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    return { 'X-XSRF-TOKEN': decodeURIComponent(token) };
  };
  await ctx.get('/sanctum/csrf-cookie');
  const login = await ctx.post('/api/admin-login', {
    data: { name: admin.username, password: admin.password },
    headers: await headers(),
  });
  expect(login.status()).toBe(200);
  return { ctx, headers };
}

let original: Settings;

test.beforeAll(async () => {
  const { ctx } = await adminApi();
  original = (await (await ctx.get('/api/settings')).json()) as Settings;
  await ctx.dispose();
});

test.afterAll(async () => {
  const { ctx, headers } = await adminApi();
  const form1 = original.registration_windows.find((w) => w.form_level === 1)!;
  const restored = [
    await ctx.post('/api/settings', {
      data: { school_name: original.school_name },
      headers: await headers(),
    }),
    await ctx.post('/api/settings/registration-windows', {
      data: { ...form1, note: form1.note ?? '' },
      headers: await headers(),
    }),
    ...(original.logo_url ? [] : [await ctx.delete('/api/settings/logo', { headers: await headers() })]),
  ];
  for (const res of restored) expect(res.status(), await res.text()).toBe(200);
  await ctx.dispose();
});

/** A small school badge drawn by the browser: a gold disc with a plum border and a white cross. */
async function drawLogoPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 200;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#5b2148';
    g.beginPath();
    g.arc(100, 100, 98, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#e0b43a';
    g.beginPath();
    g.arc(100, 100, 84, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#ffffff';
    g.fillRect(88, 40, 24, 120);
    g.fillRect(50, 78, 100, 24);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

const openSettings = async (page: Page) => {
  await signInAdmin(page);
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
};

/** The top bar's school logo has loaded a picture from `src`. */
async function expectLogo(page: Page, src: RegExp): Promise<void> {
  const logo = page.getByRole('img', { name: 'School logo', exact: true });
  await expect(logo).toHaveAttribute('src', src);
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(200);
}

test('a new school name and logo show at once in the top bar, on both sign-in screens and on the printed form', async ({
  page,
  browser,
}) => {
  const name = 'Maracas Bay Secondary School';
  await openSettings(page);
  const school = page.getByRole('region', { name: 'School' });
  await school.getByLabel('School name').fill(name);
  await school.getByRole('button', { name: 'Save school details' }).click();
  await expect(school.getByText('Saved. The change is in effect now.')).toBeVisible();
  // No reload: the top bar reads the public settings again after the save.
  await expect(page.getByRole('banner').getByText(name)).toBeVisible();

  const logoSection = page.getByRole('region', { name: 'Logo' });
  await logoSection
    .getByLabel('Logo file')
    .setInputFiles({ name: 'badge.png', mimeType: 'image/png', buffer: await drawLogoPng(page) });
  await expect(logoSection.getByText('Saved. The change is in effect now.')).toBeVisible();
  await expectLogo(page, /^\/api\/settings\/logo\?v=[0-9a-f]{16}$/);
  // The logo is kept flattened onto white (D46): how that sits on the top bar and in its section.
  await keepScreenshot(page, 'settings-with-logo');

  // A visitor's sign-in screens, student and staff.
  const visitor = await browser.newPage();
  for (const path of ['/', '/admin']) {
    await visitor.goto(path);
    await expect(visitor.getByRole('heading', { name })).toBeVisible();
    await expectLogo(visitor, /^\/api\/settings\/logo\?v=/);
  }
  await visitor.close();

  // The registration form prints the name and draws the logo in place of the crest.
  const student = demoAccounts().students.find((s) => s.class_id.startsWith('1'))!;
  const pdf = await page.request.get(`/api/registration-form/${student.id}`);
  expect(pdf.status()).toBe(200);
  const dir = join(outputDir, 'settings');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'form-with-logo.pdf');
  writeFileSync(file, await pdf.body());
  expect(execFileSync('pdftotext', ['-l', '1', file, '-']).toString()).toContain(name);
  expect(execFileSync('pdfimages', ['-list', file]).toString()).toMatch(/image\s+200\s+200/);
  execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '1', file, join(dir, 'form-with-logo')]);
});

test('closing Form 1 disables a Form 1 student’s fields and shows the school’s note', async ({
  page,
  browser,
}) => {
  const note = 'The office is checking documents; registration reopens on Monday.';
  await openSettings(page);
  const form1 = page.getByRole('form', { name: 'Form 1', exact: true });
  await form1.getByLabel('Form 1 registration open').uncheck();
  await form1.getByLabel('Note to Form 1 students').fill(note);
  await form1.getByRole('button', { name: 'Save Form 1' }).click();
  await expect(form1.getByText('Saved. The change is in effect now.')).toBeVisible();

  const student = demoAccounts()
    .students.filter((s) => s.has_password && !s.withdrawn)
    .findLast((s) => s.class_id.startsWith('1'))!;
  const familyContext = await browser.newContext();
  const family = await familyContext.newPage();
  await signInStudent(family, student.id, studentWithPassword().password);
  await expect(family).toHaveURL(/\/dashboard$/);
  await family.goto('/registration/student-data');
  await expect(family.getByText('Registration is not open for Form 1 at the moment.')).toBeVisible();
  await expect(family.getByText(note)).toBeVisible();
  await expect(family.getByLabel('Home Address', { exact: true })).toBeDisabled();
  await expect(family.getByLabel('First Name', { exact: true })).toHaveValue(student.first_name);
  await checkScreen(family, 'registration-closed-with-note');
  await familyContext.close();
});

for (const { width, height } of WIDTHS) {
  test(`the Settings panel at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openSettings(page);
    await expect(page.getByRole('form', { name: 'Form 5', exact: true })).toBeVisible();
    await checkScreen(page, 'settings');
  });
}
