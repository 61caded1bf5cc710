import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, keepScreenshot, signInStudent, studentWithPassword } from './fixtures';

/**
 * The family's screens after sign-in in Spanish: a student's dashboard and term reports on a Spanish phone, and
 * the avatar menu's language remembered with a parent's account on another browser, but not their child's.
 */

const locales = join(import.meta.dirname, '..', '..', 'web', 'src', 'locales', 'es');
const CATALOGUES = ['family.po', 'first-screen.po'];

/** English → Spanish of the family screens' catalogues (the PO files the app is built from). */
function spanish(): Map<string, string> {
  const pairs = CATALOGUES.flatMap((file) =>
    [...readFileSync(join(locales, file), 'utf8').matchAll(/^msgid (".*")\nmsgstr (".*")$/gm)].map(
      ([, id, str]) => [JSON.parse(id!) as string, JSON.parse(str!) as string] as const,
    ),
  );
  return new Map(pairs.filter(([id]) => id !== ''));
}
const es = spanish();
const say = (english: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{${name}}`, value), es.get(english)!);

/** The English words of every message (the parts between placeholders and tags) that Spanish says otherwise. */
const englishParts = [...es]
  .filter(([english, spanish]) => english !== spanish && !english.includes('plural,'))
  .flatMap(([english]) => english.split(/\{[^}]*\}|<\/?\d+>/))
  .map((part) => part.trim())
  .filter((part) => part.length >= 4);

/** No English of the catalogues in what the page shows, its title included (names and the school's own left out). */
async function expectNoEnglish(page: Page, own: string[]) {
  let text = `${await page.locator('body').innerText()}\n${await page.title()}`;
  for (const name of own) text = text.replaceAll(name, '');
  const left = englishParts.filter((part) =>
    new RegExp(`(^|[^\\p{L}])${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(text),
  );
  expect(left).toEqual([]);
}

const schoolName = (page: Page) => page.getByRole('banner').locator('p').first().innerText();

test.describe('the family screens in Spanish', () => {
  test.use({ locale: 'es-419', viewport: { width: 375, height: 740 } });

  test('a student on a Spanish phone reads the dashboard and term reports in Spanish', async ({ page }) => {
    const student = studentWithPassword(4);
    const name = `${student.first_name} ${student.last_name}`;
    await page.goto('/');
    await page.getByLabel(say('Student ID')).fill(student.id);
    await page.getByLabel(say('Password'), { exact: true }).fill(student.password);
    await page.getByRole('button', { name: say('Login') }).click();
    await expect(page).not.toHaveURL(/\/$/);
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('Welcome, {name}', { name }));
    await expect(page.getByRole('heading', { name: say('Term Reports') })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${say('Dashboard')} \\|`));
    const school = await schoolName(page);
    await expectNoEnglish(page, [name, school, 'Student Portal']);
    await expectAccessible(page);
    await keepScreenshot(page, 'spanish-dashboard');

    await page.getByRole('link', { name: new RegExp(say('Term Reports')) }).click();
    await expect(page.getByRole('heading', { name: say('Select Term Report') })).toBeVisible();
    await expect(
      page.getByRole('button', { name: new RegExp(say('End of Term Report')) }).first(),
    ).toBeVisible();
    await expectNoEnglish(page, [name, school, 'Student Portal']);
    await expectAccessible(page);
  });
});

/** The demo school's parent account (server/src/demo/demo-parents.ts) and one of the two children it links. */
const PARENT = { name: 'Mrs Ali', email: 'parent@demo-school.example.org', password: 'Parent-demo-2026' };
const CHILD = { id: '2026066', password: studentWithPassword().password };

async function signInParent(page: Page) {
  await page.goto('/?as=parent');
  await page.getByLabel(/^(E-mail address|Correo electrónico)$/).fill(PARENT.email);
  await page.getByLabel(/^(Password|Contraseña)$/).fill(PARENT.password);
  await page.getByRole('button', { name: /^(Sign in|Iniciar sesión)$/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function browser(b: Browser, width: number) {
  const context = await b.newContext({ locale: 'en-US', viewport: { width, height: 800 } });
  return { context, page: await context.newPage() };
}

/** The account's language back to English for the specs after this one (the demo parent is shared). */
async function englishAgain(page: Page) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  await page.request.put('/api/me/language', {
    data: { language: 'en' },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
}

test('a parent chooses Spanish on a phone; their other browser follows, their child keeps English', async ({
  browser: b,
}) => {
  const phone = await browser(b, 375);
  const laptop = await browser(b, 1280);
  const child = await browser(b, 1280);
  try {
    await signInParent(phone.page);
    await expect(phone.page.locator('html')).toHaveAttribute('lang', 'en');
    await phone.page.getByRole('button', { name: /account menu/ }).click();
    const saved = phone.page.waitForResponse((r) => r.url().endsWith('/api/me/language'));
    await phone.page.getByRole('menuitemradio', { name: 'Español' }).click();
    expect((await saved).status()).toBe(200);
    await expect(phone.page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(phone.page.getByRole('menuitemradio', { name: 'Español' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(phone.page.getByRole('menuitem', { name: say('Your children') })).toBeVisible();
    await keepScreenshot(phone.page, 'spanish-avatar-menu');
    await phone.page.keyboard.press('Escape');
    // The avatar's tooltip, shown while the button has the focus back, fades; axe would judge it half drawn.
    await phone.page.locator('#main-content').focus();
    await expect(phone.page.getByRole('tooltip')).toBeHidden();
    await expectNoEnglish(phone.page, [PARENT.name, await schoolName(phone.page), 'Student Portal']);
    await expectAccessible(phone.page);

    // Another browser, English: the account's choice wins once signed in.
    await signInParent(laptop.page);
    await expect(laptop.page.locator('html')).toHaveAttribute('lang', 'es');
    // A parent's dashboard welcomes them to the child shown.
    await expect(laptop.page.getByRole('heading', { level: 1 })).toContainText(
      say('Welcome, {name}', { name: '' }).trim(),
    );
    await keepScreenshot(laptop.page, 'spanish-dashboard');
    await laptop.page.getByRole('button', { name: /cuenta|account menu/ }).click();
    await expect(laptop.page.getByRole('menuitemradio', { name: 'Español' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(laptop.page.locator('.MuiMenu-paper')).toHaveCSS('opacity', '1');
    await keepScreenshot(laptop.page, 'spanish-avatar-menu');

    // The child's own account chose nothing: their English browser stays English.
    await signInStudent(child.page, CHILD.id, CHILD.password);
    await expect(child.page).not.toHaveURL(/\/$/);
    await child.page.goto('/dashboard');
    await expect(child.page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome, /);
    await expect(child.page.locator('html')).toHaveAttribute('lang', 'en');
  } finally {
    await englishAgain(laptop.page).catch(() => undefined);
    await Promise.all([phone.context.close(), laptop.context.close(), child.context.close()]);
  }
});
