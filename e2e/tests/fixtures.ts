import { readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface DemoStudent {
  id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  class_id: string;
  has_password: boolean;
}

interface DemoAccounts {
  admin: { username: string; password: string };
  studentPassword: string;
  students: DemoStudent[];
}

/** The sign-in details the demo school wrote when the server started. */
export function demoAccounts(): DemoAccounts {
  return JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'output', 'data', 'demo-accounts.json'), 'utf8'),
  ) as DemoAccounts;
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

export async function signInAdmin(page: Page): Promise<void> {
  const { admin } = demoAccounts();
  await page.goto('/admin');
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** Axe: no serious or critical violation (WCAG 2.1 AA, D21). */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const screenshotDir = join(import.meta.dirname, '..', 'output', 'screenshots');

/** A full-page screenshot kept as test output, to look at. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(screenshotDir, `${name}-${width}.png`), fullPage: true });
}

export const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const;
