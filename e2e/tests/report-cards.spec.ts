import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  WIDTHS,
  asStaff,
  checkScreen,
  demoAccounts,
  outputDir,
  signInAdmin,
  signInStudent,
  studentWithPassword,
  type DemoStudent,
} from './fixtures';

/**
 * Report cards end to end (D3, D24). The spec's setup makes a past school year through the staff API: two
 * terms of marks for one class, term 1 posted and term 2 not.
 */
const YEAR = 2019;
// Only signs in and reads: other specs may use the same student.
const student = studentWithPassword(3);
let classmates: DemoStudent[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  classmates = demoAccounts()
    .students.filter((s) => s.class_id === student.class_id && !s.withdrawn)
    .slice(0, 4);
  if (!classmates.some((s) => s.id === student.id)) classmates.push(student);
  const form = Number(student.class_id[0]);
  await asStaff(async ({ post }) => {
    const subjectIds: number[] = [];
    for (const [code, title] of [
      ['E2E-MATH', 'Mathematics'],
      ['E2E-ENG', 'English Language'],
      ['E2E-SCI', 'Integrated Science'],
    ]) {
      const res = await post('/api/subjects', { code, title });
      expect(res.status(), await res.text()).toBe(200);
      const list = (await res.json()) as { subjects: { id: number; code: string }[] };
      const id = list.subjects.find((s) => s.code === code)!.id;
      subjectIds.push(id);
      expect((await post('/api/form-subjects', { subject_id: id, form_level: form })).status()).toBe(200);
    }
    for (const term of [1, 2]) {
      const created = await post('/api/terms', {
        year: YEAR,
        term,
        start_date: term === 1 ? `${YEAR}-09-02` : `${YEAR + 1}-01-06`,
        end_date: term === 1 ? `${YEAR}-12-13` : `${YEAR + 1}-04-03`,
        next_term_start: term === 1 ? `${YEAR + 1}-01-06` : `${YEAR + 1}-04-20`,
        sessions_possible: 120,
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      for (const [i, s] of classmates.entries()) {
        for (const [j, subject_id] of subjectIds.entries()) {
          const res = await post(`/api/terms/${id}/marks`, {
            student_id: s.id,
            subject_id,
            course_mark: s.id === student.id && j === 0 ? 80 : 50 + ((i * 9 + j * 7) % 45),
            exam_mark: s.id === student.id && j === 0 ? 70 : 45 + ((i * 5 + j * 11) % 50),
          });
          expect(res.status(), await res.text()).toBe(200);
        }
      }
    }
    const posted = await post('/api/post-term-reports', { year: YEAR, term: 1, posted: 1 });
    expect(posted.status(), await posted.text()).toBeLessThan(300);
  });
});

const entry = (page: Page, term: number) =>
  page.getByRole('button', { name: new RegExp(`Term ${term} ${YEAR}-${YEAR + 1}`) });

for (const size of WIDTHS) {
  test(`a student opens a posted report card; an unposted one is greyed (${size.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signInStudent(page, student.id, student.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/term-reports');
    await expect(page.getByRole('heading', { name: 'Select Term Report' })).toBeVisible();

    const posted = entry(page, 1);
    const unposted = entry(page, 2);
    await expect(posted).toContainText(`Form ${student.class_id[0]} - ${student.class_id}`);
    await expect(posted).toContainText('End of Term Report');
    await expect(posted).toContainText(/Report posted \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    await expect(unposted).toContainText('Report not posted');
    await expect(unposted).toHaveAttribute('aria-disabled', 'true');
    // Spec section 9: list ids start at 101, newest first.
    const items = await page
      .locator('li[id]')
      .evaluateAll((els) => els.map((e) => ({ id: e.id, text: e.textContent ?? '' })));
    expect(items.map((i) => i.id)).toEqual(items.map((_, n) => String(101 + n)));
    const at = (term: number) => items.findIndex((i) => i.text.includes(`Term ${term} ${YEAR}-${YEAR + 1}`));
    expect(at(2)).toBeGreaterThanOrEqual(0);
    expect(at(1)).toBe(at(2) + 1);
    await checkScreen(page, 'report-cards-student-list');

    await posted.click();
    const dialog = page.getByRole('dialog');
    const url = `/api/report-card/${student.id}/${YEAR}/1`;
    // A frame on a computer, drawn pages on a phone (D48): either way its Download is that card.
    await expect(dialog.getByRole('link', { name: 'Download' }).first()).toHaveAttribute('href', url);
    await checkScreen(page, 'report-cards-student-dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // The server decides (D3): the posted card is served, the unposted one and another student's are not.
    const card = await page.request.get(url);
    expect(card.status()).toBe(200);
    expect(card.headers()['content-type']).toBe('application/pdf');
    expect((await page.request.get(`/api/report-card/${student.id}/${YEAR}/2`)).status()).toBe(403);
    const other = classmates.find((s) => s.id !== student.id)!;
    expect((await page.request.get(`/api/report-card/${other.id}/${YEAR}/1`)).status()).toBe(403);

    // The card itself, rendered to PNG for a person to look at.
    const dir = join(outputDir, 'report-card');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `report-card-${size.width}.pdf`);
    writeFileSync(file, await card.body());
    execFileSync('pdftoppm', [
      '-r',
      '60',
      '-png',
      '-singlefile',
      file,
      join(dir, `report-card-${size.width}`),
    ]);
    const info = execFileSync('pdfinfo', [file]).toString();
    expect(info).toMatch(/Page size:\s+612 x 1008 pts/);
    expect(info).toMatch(/Pages:\s+1\n/);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toMatch(/Mathematics\s+80\s+70\s+73\s+B/);
    expect(text).toContain(`END OF TERM REPORT - ${YEAR} / ${YEAR + 1}`);
  });
}

for (const size of WIDTHS) {
  test(`staff see who has opened their card and download the class PDF (${size.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signInAdmin(page);
    await page.goto('/admin/report-cards');
    await expect(page.getByRole('heading', { name: 'Report Cards', level: 1 })).toBeVisible();
    await page.getByLabel('Term', { exact: true }).click();
    await page.getByRole('option', { name: `Term 1 ${YEAR}-${YEAR + 1} · posted` }).click();
    const card = page.locator('.MuiPaper-root').filter({
      has: page.getByRole('heading', { name: `Form ${student.class_id[0]} - ${student.class_id}` }),
    });
    // The student opened theirs in the test before.
    await expect(card).toContainText(`1 of ${classmates.length} opened`);
    await card.getByRole('button', { name: /Not opened/ }).click();
    await expect(card.getByRole('listitem')).toHaveCount(classmates.length - 1);
    await checkScreen(page, 'report-cards-panel');

    await card.getByRole('button', { name: `Class PDF of ${student.class_id}` }).click();
    const download = page.getByRole('button', { name: new RegExp(`Download ${student.class_id}, one PDF`) });
    await expect(download.first()).toBeVisible({ timeout: 20_000 });
    // The progress survives a reload: the finished file is still offered.
    await page.reload();
    await page.getByLabel('Term', { exact: true }).click();
    await page.getByRole('option', { name: `Term 1 ${YEAR}-${YEAR + 1} · posted` }).click();
    const saved = page.waitForEvent('download');
    await download.first().click();
    const file = await (await saved).path();
    const info = execFileSync('pdfinfo', [file]).toString();
    expect(info).toMatch(new RegExp(`Pages:\\s+${classmates.length}\\n`));
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

    // Staff reach a student's term reports from the students table too; unposted ones open for them.
    await page.goto(`/admin/students/${student.id}/term-reports`);
    await expect(entry(page, 2)).not.toHaveAttribute('aria-disabled', 'true');
    await checkScreen(page, 'report-cards-staff-student');
    await entry(page, 2).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Download' }).first()).toHaveAttribute(
      'href',
      `/api/report-card/${student.id}/${YEAR}/2`,
    );
    expect((await page.request.get(`/api/report-card/${student.id}/${YEAR}/2`)).status()).toBe(200);
  });
}
