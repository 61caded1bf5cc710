import { readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  request,
  test,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';

export interface DemoStudent {
  id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  class_id: string;
  has_password: boolean;
  /** Left the school (D29): hidden from the students table, sign-in refused. */
  withdrawn: boolean;
}

interface DemoAccounts {
  admin: { username: string; password: string };
  /** A form teacher with the staff role (D22). */
  staff: { username: string; password: string; full_name: string };
  studentPassword: string;
  students: DemoStudent[];
}

/** The sign-in details the demo school wrote when the server started. */
export function demoAccounts(): DemoAccounts {
  return JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'output', 'data', 'demo-accounts.json'), 'utf8'),
  ) as DemoAccounts;
}

/**
 * The address of the shared demo server the running spec's project drives (playwright.config.ts), for an API
 * client of a test's own. Each server holds the same demo school, so `demoAccounts()` serves them all.
 */
export function sharedServer(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('The project has no baseURL');
  return url;
}

/** Students still waiting for their first sign-in; each test takes its own, so tests don't collide. */
export function firstLoginStudent(index: number): DemoStudent {
  const s = demoAccounts().students.filter((x) => !x.has_password)[index];
  if (!s) throw new Error(`no first-login demo student #${index}`);
  return s;
}

export function studentWithPassword(index = 0): DemoStudent & { password: string } {
  const a = demoAccounts();
  const s = a.students.filter((x) => x.has_password)[index];
  if (!s) throw new Error(`no demo student with a password #${index}`);
  return { ...s, password: a.studentPassword };
}

export const typedBirthDate = (s: DemoStudent): string => s.date_of_birth.replace(/-/g, '');

export async function signInStudent(page: Page, id: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Student ID').fill(id);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
}

async function signInStaffAccount(
  page: Page,
  account: { username: string; password: string },
): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

export const signInAdmin = (page: Page) => signInStaffAccount(page, demoAccounts().admin);

/** The demo's form teacher (staff role), whose class is 1B (D44). */
export const signInStaff = (page: Page) => signInStaffAccount(page, demoAccounts().staff);

/**
 * Browser contexts a spec opens itself (beside the test's own page), closed after each test: a page left open
 * keeps its timers and rendering going in the worker's browser through every later spec file.
 */
export function ownContexts(): (
  browser: Browser,
  options: Parameters<Browser['newContext']>[0],
) => Promise<BrowserContext> {
  const open: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  return async (browser, options) => {
    const context = await browser.newContext(options);
    open.push(context);
    return context;
  };
}

/**
 * axe on the page (WCAG 2.1 AA, D21), serious and critical findings failing the test. axe runs inside the page and
 * its frames (its legacy mode), not with the tab of its own that its default run opens and closes for every check:
 * on the two busy cores of CI the page under test once stopped drawing frames just after such a tab closed, and a
 * click then waited for the test's whole timeout. It also runs beside a sandboxed iframe (the Outbox's e-mail
 * preview), where Chromium refuses that tab.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  builder.setLegacyMode(true);
  const results = await builder.analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`,
    ),
  ).toEqual([]);
}

const screenshotDir = join(import.meta.dirname, '..', 'output', 'screenshots');

/** A full-page screenshot kept as test output, to look at. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  // A full-page capture draws the sticky top bar where the page is scrolled to; start from the top.
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: join(screenshotDir, `${name}-${width}.png`), fullPage: true });
}

/** A screen at its width: axe finds no serious or critical violation, nothing scrolls sideways, a screenshot is kept. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // A pointer left over a menu icon keeps its tooltip open or fading: park it on the top bar's corner first.
  await page.mouse.move(0, 0);
  // A tooltip opens after its enter delay and closes after its leave delay, so one can appear just after the
  // pointer moved: wait past both delays, then for every tooltip to be gone (one held open by focus stays, and
  // must then be fully opaque below).
  await page.waitForTimeout(300);
  await page
    .waitForFunction(() => document.querySelectorAll('.MuiTooltip-popper').length === 0, undefined, {
      timeout: 2_000,
    })
    .catch(() => undefined);
  // A dialog or menu still fading in has half its contrast: judge it once it has arrived.
  // A transition may start a frame after the click that caused it, so let two frames pass first; then no finite
  // animation runs and every dialog, menu and listbox is fully opaque, ancestors included.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
  await page.waitForFunction(() => {
    const moving = document
      .getAnimations()
      .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    if (moving) return false;
    const opaque = (el: Element | null): boolean =>
      !el || (getComputedStyle(el).opacity === '1' && opaque(el.parentElement));
    return Array.from(
      document.querySelectorAll('[role=dialog], [role=menu], [role=listbox], .MuiTooltip-tooltip'),
    ).every(opaque);
  });
  await expectAccessible(page);
  await keepScreenshot(page, name);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * Tabs through the page: every element that takes focus shows it (WCAG 2.4.7) with an outline, a ring (box
 * shadow) or MUI's focused field or focus-visible state, and takes one tab stop.
 */
export async function expectVisibleFocus(page: Page, stops = 30): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const seen: string[] = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const ring = style.boxShadow !== 'none';
      const state = !!el.closest('.Mui-focused, .Mui-focusVisible');
      const rect = el.getBoundingClientRect();
      return {
        name: `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}`,
        shown: outline || ring || state,
        size: rect.width * rect.height,
      };
    });
    if (!focus) break;
    expect(focus.shown, `${focus.name} shows no focus`).toBe(true);
    expect(focus.size, `${focus.name} is an invisible tab stop`).toBeGreaterThan(4);
    seen.push(focus.name);
  }
  expect(seen.length).toBeGreaterThan(0);
}

export const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const;

/** A first sign-in by date of birth that sets `password`, ending on the dashboard. */
export async function signInFirstTime(page: Page, student: DemoStudent, password: string): Promise<void> {
  await signInStudent(page, student.id, typedBirthDate(student));
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm New Password').fill(password);
  await page.getByRole('button', { name: /change password/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A passport-style PNG drawn by the browser itself (a head and shoulders on a plain background). */
export async function drawPortraitPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 350;
    canvas.height = 450;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#dfe8f1';
    g.fillRect(0, 0, 350, 450);
    g.fillStyle = '#5b2148';
    g.beginPath();
    g.ellipse(175, 430, 150, 130, 0, Math.PI, 0);
    g.fill();
    g.fillStyle = '#8d5524';
    g.beginPath();
    g.ellipse(175, 190, 80, 100, 0, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#2b1b17';
    g.beginPath();
    g.ellipse(175, 120, 90, 55, 0, Math.PI, 0);
    g.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** A small but genuine one-page PDF. */
export const samplePdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/MediaBox[0 0 612 792]/Parent 2 0 R/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n' +
    '4 0 obj<</Length 58>>stream\nBT /F1 24 Tf 72 700 Td (Birth certificate (sample)) Tj ET\nendstream endobj\n' +
    '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export const outputDir = join(import.meta.dirname, '..', 'output');

/** The XSRF token a request context holds now (a new one is set with every new session). */
async function xsrfHeaders(ctx: APIRequestContext): Promise<Record<string, string>> {
  const token = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  return { 'X-XSRF-TOKEN': decodeURIComponent(token) };
}

/** Runs `work` with a staff session of its own (not a browser page's), as the API sees a second client. */
export async function asStaff<T>(
  work: (api: {
    ctx: APIRequestContext;
    post: (path: string, data: unknown) => Promise<APIResponse>;
  }) => Promise<T>,
): Promise<T> {
  const { admin } = demoAccounts();
  const ctx = await request.newContext({ baseURL: sharedServer() });
  try {
    await ctx.get('/sanctum/csrf-cookie');
    const login = await ctx.post('/api/admin-login', {
      data: { name: admin.username, password: admin.password },
      headers: await xsrfHeaders(ctx),
    });
    expect(login.status()).toBe(200);
    return await work({
      ctx,
      post: async (path, data) => ctx.post(path, { data, headers: await xsrfHeaders(ctx) }),
    });
  } finally {
    await ctx.dispose();
  }
}

/** The record as the server holds it, read with a staff session of its own (not the student's browser). */
export function readRecordAsStaff(studentId: string): Promise<Record<string, unknown>> {
  return asStaff(async ({ ctx }) => {
    const res = await ctx.get(`/api/student/${studentId}`);
    expect(res.status()).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  });
}

/** The smallest box around a field: its input and its save mark. */
export const fieldBox = (page: Page, label: string | RegExp) =>
  page
    .locator('.MuiFormControl-root, .MuiBox-root')
    .filter({ has: page.getByLabel(label, { exact: typeof label === 'string' }) })
    .last();

export async function expectSaved(page: Page, label: string | RegExp): Promise<void> {
  await expect(fieldBox(page, label).getByRole('img', { name: 'Saved', exact: true })).toBeVisible();
}
