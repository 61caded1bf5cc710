import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  WIDTHS,
  checkScreen,
  demoAccounts,
  drawPortraitPng,
  signInAdmin,
  signInFirstTime,
  type DemoStudent,
} from './fixtures';

/**
 * D42 on the demo school. Form 4 and 5 registration is closed; their documents were seeded by the office.
 * Students used here and nowhere else: 4A's first (photo on file), 4D's second (only a birth certificate).
 */
const demo = (id: string): DemoStudent => demoAccounts().students.find((s) => s.id === id)!;
const REJECTED_PHOTO = '2026039'; // the demo's rejected photo
const SEA_SLIP_ON_PAPER = '2026042'; // SEA slip original received, no upload
const TO_REJECT = '2026037';
const TO_RECEIVE = '2026047';

const rows = (page: Page) => page.locator('table[aria-label="Students"] tbody tr:not([aria-hidden])');

async function show(page: Page, option: string) {
  const progress = page.getByRole('region', { name: 'Registration progress' });
  await progress.getByLabel('Show').click();
  await page.getByRole('option', { name: option }).click();
  return progress;
}

/** The registration report's text, laid out as printed (one line per row). */
async function reportText(page: Page): Promise<string> {
  const pdf = await page.request.get('/api/registration-report/all');
  expect(pdf.status()).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'report-'));
  writeFileSync(join(dir, 'report.pdf'), await pdf.body());
  // The first pages as pictures, for a person to look at.
  const shots = join(import.meta.dirname, '..', 'output', 'screenshots');
  mkdirSync(shots, { recursive: true });
  execFileSync('pdftoppm', [
    '-r',
    '60',
    '-png',
    '-f',
    '1',
    '-l',
    '2',
    join(dir, 'report.pdf'),
    join(shots, 'report'),
  ]);
  return execFileSync('pdftotext', ['-layout', join(dir, 'report.pdf'), '-']).toString();
}

test('the dashboard and the registration report count the photo alike: rejected is not done, received on paper is', async ({
  page,
}) => {
  await signInAdmin(page);
  const progress = await show(page, 'Document: Passport Photo');
  await expect(progress.getByText(/A document is done when it is uploaded and not rejected/)).toBeVisible();
  const school = progress.getByRole('button', { name: /^School / });
  const [, done, of] = /(\d+)\/(\d+)/.exec((await school.textContent()) ?? '')!;

  // The report's school line: six steps, then each document's "how many · share", the photo last.
  const text = await reportText(page);
  const line = text.split('\n').find((l) => /^\s*School\s+\d+\s/.test(l))!;
  const cells = [...line.matchAll(/(\d+) · \d+%/g)].map((m) => m[1]);
  expect(line).toContain(` ${of} `);
  expect(cells[9]).toBe(done);
  // Row by row too: the photo is the fourth document word of each student's line.
  const words = /\b(Verified|Received|Uploaded|Rejected|Missing)\b/g;
  const photos = text
    .split('\n')
    .filter((l) => /^\s*\d{7}\s/.test(l))
    .map((l) => [...l.matchAll(words)].map((m) => m[1])[3]);
  expect(photos.filter((w) => w === 'Verified' || w === 'Received' || w === 'Uploaded')).toHaveLength(
    Number(done),
  );
  expect(text).toMatch(new RegExp(`${REJECTED_PHOTO} .*Rejected`));

  // The rejected photo is in its class's "not done" list although a file is on record.
  await progress.getByRole('button', { name: /^4A / }).click();
  await expect(rows(page).filter({ hasText: REJECTED_PHOTO })).toHaveCount(1);

  // The SEA slip seen on paper is done, though nothing was uploaded.
  const seaProgress = await show(page, 'Document: SEA Placement Slip');
  await seaProgress.getByRole('button', { name: /^4B / }).click();
  await expect(page.getByRole('status').filter({ hasText: 'not done in 4B' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await expect(rows(page).filter({ hasText: SEA_SLIP_ON_PAPER })).toHaveCount(0);
});

test('the office rejects a photo after registration closed; the family uploads it again; the office sees it waiting', async ({
  page,
  browser,
}) => {
  const s = demo(TO_REJECT);
  const reason = 'Please send a photo with a plain background.';
  await signInAdmin(page);
  await page.goto(`/admin/students/${s.id}/documents`);
  const photo = page.getByRole('region', { name: 'Passport Photo' });
  await photo.getByRole('button', { name: 'Reject…' }).click();
  await photo.getByLabel('Reason the family will see').fill(reason);
  await photo.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(photo.getByText(`Rejected: ${reason}`)).toBeVisible();
  await expect(photo.getByText(/Checked by School Administrator on /)).toBeVisible();

  // A context of its own: the family's session apart from the office's, and axe needs one.
  const familyContext = await browser.newContext();
  const family = await familyContext.newPage();
  await signInFirstTime(family, s, 'Family-pass-2026');
  await family.goto('/registration/documents');
  const section = family.getByRole('region', { name: 'Passport Photo' });
  await expect(
    section.getByText(/registration is closed, but this document can still be sent/),
  ).toBeVisible();
  await expect(section.getByText(reason)).toBeVisible();
  // Nothing else opens: the birth certificate (verified) offers no upload.
  await expect(
    family.getByRole('region', { name: 'Birth Certificate' }).getByRole('button', { name: 'Choose file' }),
  ).toHaveCount(0);
  for (const size of WIDTHS) {
    await family.setViewportSize(size);
    await checkScreen(family, 'documents-rejected-after-close');
  }
  await section.getByLabel('Passport Photo file').setInputFiles({
    name: 'new-photo.png',
    mimeType: 'image/png',
    buffer: await drawPortraitPng(family),
  });
  await expect(section.getByText(/Uploaded the file successfully/)).toBeVisible();
  await expect(section.getByText(reason)).toBeHidden();
  await expect(section.getByRole('button', { name: 'Choose file' })).toHaveCount(0);
  await familyContext.close();

  await page.reload();
  await expect(photo.getByText('Not checked')).toBeVisible();
  await expect(photo.getByText(/^new-photo\./)).toBeVisible();

  await page.goto(`/admin/students/${s.id}/history`);
  await expect(page.getByText(`Not checked → Rejected: ${reason}`).first()).toBeVisible();
  await expect(page.getByText('School Administrator').first()).toBeVisible();
  for (const size of WIDTHS) {
    // Loaded at each width: the admin drawer is laid out for the width the page opens at.
    await page.setViewportSize(size);
    await page.reload();
    await expect(page.getByText('School Administrator').first()).toBeVisible();
    await checkScreen(page, 'history-document-check');
  }
});

test('the office marks an original received; the family sees it received and is offered no upload', async ({
  page,
  browser,
}) => {
  const s = demo(TO_RECEIVE);
  await signInAdmin(page);
  await page.goto(`/admin/students/${s.id}/documents`);
  const card = page.getByRole('region', { name: 'Immunization Card' });
  await expect(card.getByText(/No file uploaded/)).toBeVisible();
  await card.getByRole('button', { name: 'Received', exact: true }).click();
  await expect(
    card.getByText('No file uploaded: the paper original was seen, so the document is done.'),
  ).toBeVisible();

  // A context of its own: the family's session apart from the office's, and axe needs one.
  const familyContext = await browser.newContext();
  const family = await familyContext.newPage();
  await signInFirstTime(family, s, 'Family-pass-2026');
  await family.goto('/registration/documents');
  const section = family.getByRole('region', { name: 'Immunization Card' });
  await expect(section.getByText('Received by the school. Nothing needs to be uploaded.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Choose file' })).toHaveCount(0);
  await expect(section.getByText('No file was uploaded.')).toHaveCount(0);
  for (const size of WIDTHS) {
    await family.setViewportSize(size);
    await checkScreen(family, 'documents-received-on-paper');
  }
  await familyContext.close();
});
