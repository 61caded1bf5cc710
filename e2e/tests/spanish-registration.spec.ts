import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  drawPortraitPng,
  expectAccessible,
  fieldBox,
  firstLoginStudent,
  keepScreenshot,
  readRecordAsStaff,
  samplePdf,
  typedBirthDate,
} from './fixtures';

/**
 * A Spanish-speaking family registers on a phone: the six steps at 375 px in a browser set to Latin-American
 * Spanish, each with axe and with no English of the catalogues left on the screen. Stored choices stay English.
 */

const locales = join(import.meta.dirname, '..', '..', 'web', 'src', 'locales', 'es');

/** English → Spanish of a catalogue the app is built from (the PO file's single-line entries). */
function catalogue(file: string): [string, string][] {
  return [...readFileSync(join(locales, file), 'utf8').matchAll(/^msgid (".*")\nmsgstr (".*")$/gm)]
    .map(([, id, str]) => [JSON.parse(id!) as string, JSON.parse(str!) as string] as [string, string])
    .filter(([id]) => id !== '');
}

const CHECKED = ['registration.po', 'first-screen.po', 'family.po', 'documents.po'];
const es = new Map(CHECKED.flatMap(catalogue));
/** A step's name: the table's text (a domain text, its ID the English itself), apart from a macro's "Complete". */
const stepNames = new Map(
  [
    ...readFileSync(join(locales, 'registration.po'), 'utf8').matchAll(
      /^#\. js-lingui-explicit-id\n#: .*domain-words\.ts\nmsgid (".*")\nmsgstr (".*")$/gm,
    ),
  ].map(([, id, str]) => [JSON.parse(id!) as string, JSON.parse(str!) as string]),
);
const say = (english: string): string => {
  const spanish = es.get(english);
  if (!spanish) throw new Error(`no Spanish for ${JSON.stringify(english)}`);
  return spanish;
};

/**
 * The English words and sentences of the checked catalogues that Spanish says otherwise: each message's text
 * between its placeholders, so a label left in English ("Living Status") or a sentence with a name in it is
 * found. Words Spanish writes alike (Diabetes, Polio) cannot tell the languages apart and are left out.
 */
const englishParts = [
  ...new Set(
    CHECKED.flatMap(catalogue)
      .filter(([english, spanish]) => english !== spanish && !english.includes('plural,'))
      .flatMap(([english]) => english.split(/\{[^}]*\}|<\/?\d+>/))
      .map((part) => part.trim())
      .filter((part) => part.length >= 3 && /\p{L}{3}/u.test(part)),
  ),
];
const wholePart = (part: string) =>
  new RegExp(`(^|[^\\p{L}])${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u');

/**
 * Lists of the school's own names and of places (towns, corporations, houses, classes), which keep their
 * names. Religions and ethnic groups have Spanish names, so they stay in the text that is checked.
 */
const LOOKUPS = ['Class', 'House', 'Town', 'Regional Corporation'];

/**
 * The page's text and title have no English left, once the names, the school's own texts and its lookup
 * lists' names are taken out (the portal's own name, in the title, too).
 */
async function expectNoEnglish(page: Page, own: readonly string[]): Promise<void> {
  let text = `${await page.locator('body').innerText()}\n${await page.title()}`;
  const lookupNames: string[] = [];
  for (const label of LOOKUPS) {
    const select = page.getByLabel(say(label), { exact: true });
    if ((await select.count()) === 0) continue;
    lookupNames.push(...(await select.locator('option').allInnerTexts()));
  }
  const names = [...own, ...lookupNames, 'Student Portal'].filter((name) => name.trim() !== '');
  // The longest first, so a name holding a shorter one goes whole.
  for (const name of names.sort((a, b) => b.length - a.length)) text = text.replaceAll(name, '');
  expect(englishParts.filter((part) => wholePart(part).test(text))).toEqual([]);
}

const expectSaved = (page: Page, label: string) =>
  expect(fieldBox(page, label).getByRole('img', { name: say('Saved'), exact: true })).toBeVisible();

async function fill(page: Page, label: string, value: string): Promise<void> {
  const input = page.getByLabel(say(label), { exact: true });
  // A demo record may hold the value already: nothing to save then.
  if ((await input.inputValue()) === value) return;
  await input.fill(value);
  await input.blur();
  await expectSaved(page, say(label));
}

/** Picks a choice by its Spanish name (the record stores the English). */
async function choose(page: Page, label: string, option: string): Promise<void> {
  const select = page.getByLabel(say(label), { exact: true });
  const shown = await select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent);
  if (shown === option) return;
  await select.selectOption({ label: option });
  await expectSaved(page, say(label));
}

/** Ticks a box so that it saves (a box ticked already is unticked first). */
async function checkBox(page: Page, label: string): Promise<void> {
  const box = page.getByLabel(say(label), { exact: true });
  if (await box.isChecked()) {
    await box.uncheck();
    await expectSaved(page, say(label));
  }
  await box.check();
  await expectSaved(page, say(label));
}

async function stepDone(page: Page, step: string, own: readonly string[], shot?: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: stepNames.get(step) })).toBeVisible();
  await expectAccessible(page);
  await expectNoEnglish(page, own);
  await expectNoSidewaysScroll(page);
  if (shot) await keepScreenshot(page, shot);
}

/** Long Spanish labels wrap inside the page: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const next = (page: Page) => page.getByRole('link', { name: say('Next') }).click();

test.use({ locale: 'es-419', viewport: { width: 375, height: 740 } });

test('a family registers in Spanish on a phone: six steps, no English left, axe on each', async ({
  page,
}) => {
  // Registration is open for Form 1; the other tests take other first-login students.
  const student = firstLoginStudent(6);
  const name = `${student.first_name} ${student.last_name}`;
  const schoolName = async () => page.getByRole('banner').locator('p').first().innerText();

  await page.goto('/');
  await page.getByLabel(say('Student ID')).fill(student.id);
  await page.getByLabel(say('Password'), { exact: true }).fill(typedBirthDate(student));
  await page.getByRole('button', { name: say('Login') }).click();
  await page.getByLabel(say('New Password'), { exact: true }).fill('Inscripcion-2026!');
  await page.getByLabel(say('Confirm New Password')).fill('Inscripcion-2026!');
  await page.getByRole('button', { name: say('Change Password') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const own = [name, student.first_name, student.last_name, student.id, await schoolName()];

  // 1. Student data: what a step needs to be complete, in Spanish words; the stored values stay English.
  await page.goto('/registration/student-data');
  await expect(page.getByLabel(say('Home Address'), { exact: true })).toBeEditable();
  await choose(page, 'Sex', say('Male'));
  await fill(page, 'Home Address', '14 Calle Pinto, Arima');
  await choose(page, 'Town', 'Arima');
  // Religions go by their Spanish names; the record keeps the code.
  const religions = page.getByLabel(say('Religion'), { exact: true }).locator('option');
  await expect(religions.filter({ hasText: 'Católica romana' })).toHaveCount(1);
  await expect(religions.filter({ hasText: 'Roman Catholic' })).toHaveCount(0);
  await fill(page, 'Mobile Phone', '6201234');
  // A rule's message comes in Spanish too.
  await page.getByLabel(say('E-mail (optional)'), { exact: true }).fill('no-es-un-correo');
  await page.getByLabel(say('E-mail (optional)'), { exact: true }).blur();
  await expect(page.getByText(say('Invalid e-mail.'))).toBeVisible();
  await checkBox(page, 'Immigration Permit');
  await stepDone(page, 'Student Data', own, 'spanish-registration-student-data');
  await page.getByLabel(say('E-mail (optional)'), { exact: true }).fill('');
  await page.getByLabel(say('E-mail (optional)'), { exact: true }).blur();

  // 2. Family data.
  await next(page);
  await choose(page, 'Living Status', say('Both Parents'));
  await expect(page.getByLabel(say("Mother's Name"), { exact: true })).toBeVisible();
  await fill(page, 'Emergency Contact', 'Rosa Márquez');
  await fill(page, 'Phone', '6789012');
  await stepDone(page, 'Family Data', [...own, 'Rosa Márquez'], 'spanish-registration-family-data');

  // 3. Health data (the side menu's "Medical Data"): complete on its first save.
  await next(page);
  await checkBox(page, 'Asthma');
  await stepDone(page, 'Health Data', own);

  // 4. Other data.
  await next(page);
  await choose(page, 'Device Used for Online Learning', say('Phone'));
  await stepDone(page, 'Other Data', own);

  // 5. Documents, sent as the documents step sends them: a photo at the printed box's ratio, PDFs for the rest.
  await next(page);
  await expect(page.getByRole('heading', { level: 1, name: stepNames.get('Documents') })).toBeVisible();
  const portrait = await drawPortraitPng(page);
  const sections = page.locator('section');
  await expect(sections).toHaveCount(4);
  for (let i = 0; i < 4; i++) {
    const input = sections.nth(i).locator('input[type=file]:not([capture])');
    const photo = !(await input.getAttribute('accept'))?.includes('pdf');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/store-file') && r.ok());
    await input.setInputFiles(
      photo
        ? { name: 'foto.png', mimeType: 'image/png', buffer: portrait }
        : { name: `documento-${i}.pdf`, mimeType: 'application/pdf', buffer: samplePdf },
    );
    await sent;
  }
  // With the four files sent: axe, and no English left on the step (the file names are the family's own).
  await expectAccessible(page);
  await expectNoEnglish(page, [
    ...own,
    'foto.png',
    'foto.jpg',
    'documento-1.pdf',
    'documento-2.pdf',
    'documento-3.pdf',
    'documento-0.pdf',
  ]);

  // 6. Complete: every step done, the terms agreed (the school's Spanish text), the date in Spanish words.
  await next(page);
  await expect(page.getByRole('heading', { level: 1, name: stepNames.get('Complete') })).toBeVisible();
  const progress = page.getByRole('list').filter({ hasText: stepNames.get('Upload Documents') });
  const doneMark = catalogue('registration.po').find(
    ([id, spanish]) => id === 'Complete' && spanish !== stepNames.get('Complete'),
  )![1];
  await expect(progress.getByRole('img', { name: doneMark, exact: true })).toHaveCount(5);
  await checkBox(page, 'I agree to the terms and conditions');
  await expect(page.getByText(/^Aceptado el \d+ de [a-z]+ de \d{4} a las \d\d:\d\d\.$/)).toBeVisible();
  const terms = await page.getByLabel(say('Terms and conditions'), { exact: true }).innerText();
  // The demo school gives its terms in Spanish too: those are the ones shown, marked as Spanish.
  const settings = (await (await page.request.get('/api/settings/public')).json()) as {
    terms_and_conditions_es: string | null;
  };
  const spanishTerms = settings.terms_and_conditions_es;
  expect(spanishTerms, 'the demo school has Spanish terms').toBeTruthy();
  expect(terms.replace(/\s+/g, ' ')).toContain(spanishTerms!.split('\n')[0]!.trim().replace(/\s+/g, ' '));
  await expect(
    page.getByText(say('The school has not given these terms in Spanish yet, so they are shown in English.')),
  ).toHaveCount(0);
  await stepDone(page, 'Complete', [...own, terms], 'spanish-registration-complete');

  // Two steps on a computer too, beside the side menu.
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const step of ['student-data', 'family-data']) {
    await page.goto(`/registration/${step}`);
    await expect(page.getByRole('navigation', { name: say('Registration steps') })).toBeVisible();
    await expect(page.getByRole('link', { name: stepNames.get('Medical Data') })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await keepScreenshot(page, `spanish-registration-${step}`);
  }

  // The record holds the English values the school's printed form and spreadsheet use.
  const record = await readRecordAsStaff(student.id);
  expect(record).toMatchObject({
    sex: 'Male',
    living_status: 'Both Parents',
    device_type: 'Phone',
    asthma: 1,
    agree_terms_conditions: 1,
  });
});
