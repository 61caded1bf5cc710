import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import {
  WIDTHS,
  asStaff,
  checkScreen,
  demoAccounts,
  outputDir,
  signInAdmin,
  signInStaff,
  signInStudent,
  studentWithPassword,
  sharedServer,
} from './fixtures';

/**
 * D41: a blank row is not a result. A past term where class 1C has a student with marks (one exam ABS, one
 * exam never entered) and a student added today with no row at all, and class 1B (the form teacher's) has
 * only rows with nothing in them. The post dialog lists them by class, posting leaves them out, and a card
 * never prints "Abs" for a mark nobody entered.
 */
const YEAR = 2015;
const TERM = `${YEAR} Term 1`;
const withMarks = studentWithPassword(16); // 1C
const blankRows = studentWithPassword(15); // 1B
const alsoBlank = studentWithPassword(19); // 1B
const addedToday = { id: `LO${Date.now() % 1_000_000}`, first_name: 'Nia', last_name: 'Newton' };
let termId = 0;
let subjects: { id: number; title: string }[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  expect(withMarks.class_id).toBe('1C');
  expect([blankRows.class_id, alsoBlank.class_id]).toEqual(['1B', '1B']);
  await asStaff(async ({ ctx, post }) => {
    const created = await post('/api/terms', { year: YEAR, term: 1, sessions_possible: 120 });
    expect(created.status(), await created.text()).toBe(201);
    termId = ((await created.json()) as { id: number }).id;
    const list = (await (await ctx.get('/api/subjects')).json()) as {
      subjects: { id: number; title: string }[];
      form_subjects: { subject_id: number; form_level: number; term_id: number | null }[];
    };
    const offered = new Set(list.form_subjects.filter((f) => f.form_level === 1).map((f) => f.subject_id));
    subjects = list.subjects.filter((s) => offered.has(s.id)).sort((a, b) => a.title.localeCompare(b.title));
    expect(subjects.length).toBeGreaterThanOrEqual(3);
    const mark = async (student_id: string, subject_id: number, marks: object) => {
      const res = await post(`/api/terms/${termId}/marks`, { student_id, subject_id, ...marks });
      expect(res.status(), await res.text()).toBe(200);
    };
    const [first, second, third] = subjects as [
      (typeof subjects)[0],
      (typeof subjects)[0],
      (typeof subjects)[0],
    ];
    await mark(withMarks.id, first.id, { course_mark: 80, exam_mark: 70 });
    await mark(withMarks.id, second.id, { course_mark: 60 }); // the exam mark never entered
    await mark(withMarks.id, third.id, { course_mark: 55, exam_mark: 'ABS' });
    // A mark typed and cleared again leaves a row with nothing in it.
    for (const s of [blankRows, alsoBlank])
      await mark(s.id, first.id, { course_mark: null, exam_mark: null });
    const added = await post('/api/students', {
      ...addedToday,
      class_id: '1C',
      date_of_birth: '2014-02-03',
    });
    expect(added.status(), await added.text()).toBe(201);
  });
});

const entry = (page: Page) => page.getByRole('button', { name: new RegExp(`Term 1 ${YEAR}-${YEAR + 1}`) });

async function openPostDialog(page: Page) {
  await page.goto('/admin/post-term-reports');
  await page.getByLabel('Search').fill(`${YEAR}-${YEAR + 1}`);
  await page.getByRole('button', { name: `Edit ${TERM}` }).click();
  return page.getByRole('dialog', { name: `Post ${TERM} reports?` });
}

/** The card's subject table as pdftotext reads it, and the card drawn as a picture to look at. */
async function cardOf(api: APIRequestContext, studentId: string, name: string): Promise<string> {
  const res = await api.get(`/api/report-card/${studentId}/${YEAR}/1`);
  expect(res.status()).toBe(200);
  const dir = join(outputDir, 'report-cards');
  mkdirSync(dir, { recursive: true });
  const pdf = join(dir, `${name}.pdf`);
  writeFileSync(pdf, await res.body());
  execFileSync('pdftoppm', ['-r', '60', '-png', '-singlefile', pdf, join(dir, name)]);
  const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString('utf8');
  return text.slice(text.indexOf('SUBJECT'), text.indexOf("FORM TEACHER'S"));
}

async function studentPage(page: Page, id: string, password: string): Promise<Page> {
  const other = await page.context().browser()!.newPage({ viewport: WIDTHS[0] });
  await signInStudent(other, id, password);
  await expect(other).toHaveURL(/\/dashboard$/);
  await Promise.all([other.waitForResponse(/report-card-terms/), other.goto('/term-reports')]);
  await expect(other.getByRole('heading', { name: 'Select Term Report' })).toBeVisible();
  await expect(other.getByLabel('Loading the term reports')).toHaveCount(0);
  return other;
}

/** One request as the demo's form teacher (staff role), from a client of its own. */
async function asFormTeacher(
  work: (api: { post: (path: string, data: unknown) => Promise<APIResponse> }) => Promise<APIResponse>,
): Promise<{ status: number; body: string }> {
  const { staff } = demoAccounts();
  const ctx = await request.newContext({ baseURL: sharedServer() });
  const xsrf = async () => ({
    'X-XSRF-TOKEN': decodeURIComponent(
      (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value,
    ),
  });
  try {
    await ctx.get('/sanctum/csrf-cookie');
    const login = await ctx.post('/api/admin-login', {
      data: { name: staff.username, password: staff.password },
      headers: await xsrf(),
    });
    expect(login.status()).toBe(200);
    const res = await work({ post: async (path, data) => ctx.post(path, { data, headers: await xsrf() }) });
    return { status: res.status(), body: await res.text() };
  } finally {
    await ctx.dispose();
  }
}

test('the post dialog lists by class who has no marks; posting leaves them out (1280 px)', async ({
  page,
}) => {
  await page.setViewportSize(WIDTHS[0]);
  await signInAdmin(page);
  const dialog = await openPostDialog(page);
  await expect(dialog.getByText('Every student has a result in each subject and a summary.')).toHaveCount(0);
  const listed = dialog.getByRole('list', { name: 'Students with missing results' });
  const oneB = dialog.getByRole('list', { name: '1B: no marks' });
  const oneC = dialog.getByRole('list', { name: '1C: no marks' });
  await expect(oneB).toContainText(`(${blankRows.id}): only blank rows`);
  await expect(oneB).toContainText(`(${alsoBlank.id}): only blank rows`);
  await expect(oneC).toContainText(`Newton, Nia (${addedToday.id}): no results at all`);
  await expect(oneC).not.toContainText(withMarks.id);
  await expect(listed.getByRole('checkbox', { name: /^Include 1B/ })).not.toBeChecked();
  await checkScreen(page, 'post-dialog-no-marks');

  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(`${TERM} reports posted`)).toBeVisible();

  // The family of a student with only blank rows: no card, not even a greyed entry.
  const family = await studentPage(page, blankRows.id, blankRows.password);
  await expect(entry(family)).toHaveCount(0);
  expect((await family.request.get(`/api/report-card/${blankRows.id}/${YEAR}/1`)).status()).toBe(403);

  // The student with marks reads a card: ABS prints Abs, the exam nobody entered prints a dash.
  const marked = await studentPage(page, withMarks.id, withMarks.password);
  await expect(entry(marked)).toContainText(/Report posted \d{4}-\d\d-\d\d/);
  const [first, second, third] = subjects;
  const table = await cardOf(marked.request, withMarks.id, 'card-abs-and-not-entered');
  expect(table).toMatch(new RegExp(`${first!.title}\\s+80\\s+70\\s+73`));
  expect(table).toMatch(new RegExp(`${second!.title}\\s+60\\s+–`));
  expect(table).toMatch(new RegExp(`${third!.title}\\s+55\\s+Abs`));
  expect(table.match(/Abs/g)).toHaveLength(1);
  await family.close();
  await marked.close();
});

test('marks arrive later; the admin includes the class and posts again (1280 px)', async ({ page }) => {
  await page.setViewportSize(WIDTHS[0]);
  // The form teacher (staff role) enters a mark for one of the students left out.
  const res = await asFormTeacher((api) =>
    api.post(`/api/terms/${termId}/marks`, {
      student_id: blankRows.id,
      subject_id: subjects[0]!.id,
      course_mark: 64,
      exam_mark: 58,
    }),
  );
  expect(res.status, res.body).toBe(200);
  const family = await studentPage(page, blankRows.id, blankRows.password);
  await expect(entry(family)).toHaveCount(0);

  await signInAdmin(page);
  const dialog = await openPostDialog(page);
  await expect(dialog.getByText(/current posting left out \d+ students/)).toBeVisible();
  await dialog.getByRole('checkbox', { name: /^Include 1B/ }).check();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(`${TERM} reports posted`)).toBeVisible();

  await family.reload();
  await expect(entry(family)).toContainText(/Report posted/);
  const other = await studentPage(page, alsoBlank.id, alsoBlank.password);
  await expect(entry(other)).toContainText(/Report posted/);
  const table = await cardOf(other.request, alsoBlank.id, 'card-included-blank');
  expect(table).not.toMatch(/Abs/);
  expect(table).toMatch(new RegExp(`${subjects[0]!.title}\\s+–\\s+–`));
  await family.close();
  await other.close();
});

test('staff do not see posting or term set-up (1280 px)', async ({ page }) => {
  await page.setViewportSize(WIDTHS[0]);
  await signInStaff(page);
  const menu = page.getByRole('navigation', { name: 'Staff menu' });
  await expect(menu.getByRole('link', { name: 'Term Results' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Post Term Reports' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Terms & Subjects' })).toHaveCount(0);
  const refused = await page.request.post('/api/post-term-reports', {
    data: { year: YEAR, term: 1, posted: 0 },
    headers: {
      'X-XSRF-TOKEN': decodeURIComponent(
        (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value,
      ),
    },
  });
  expect(refused.status()).toBe(403);
});

test('on a phone the Edit action and the dialog fit the screen (375 px)', async ({ page }) => {
  await page.setViewportSize(WIDTHS[1]);
  await signInAdmin(page);
  await page.goto('/admin/post-term-reports');
  await page.getByLabel('Search').fill(`${YEAR}-${YEAR + 1}`);
  const edit = page.getByRole('button', { name: `Edit ${TERM}` });
  await expect(edit).toBeVisible();
  const box = (await edit.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(WIDTHS[1].width);
  expect(box.height).toBeGreaterThanOrEqual(44);
  await checkScreen(page, 'post-terms-phone');
  await edit.click();
  const dialog = page.getByRole('dialog', { name: `Post ${TERM} reports?` });
  await expect(dialog.getByRole('list', { name: '1C: no marks' })).toBeVisible();
  const yes = dialog.getByRole('button', { name: 'Yes' });
  const yesBox = (await yes.boundingBox())!;
  expect(yesBox.x + yesBox.width).toBeLessThanOrEqual(WIDTHS[1].width);
  expect(yesBox.height).toBeGreaterThanOrEqual(44);
  await checkScreen(page, 'post-dialog-phone');
});
