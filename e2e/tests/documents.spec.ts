import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  drawPortraitPng,
  expectAccessible,
  firstLoginStudent,
  keepScreenshot,
  outputDir,
  samplePdf,
  signInFirstTime,
} from './fixtures';

const section = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: title }) });

async function upload(page: Page, title: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const area = section(page, title);
  // Choosing the file sends it (a chosen file is never left behind).
  await area.getByLabel(`${title} file`).setInputFiles(file);
  // The photo is kept as a JPEG (D46), and its name says so.
  const kept = title === 'Passport Photo' ? file.name.replace(/\.png$/, '.jpg') : file.name;
  await expect(area.getByText(`Uploaded the file successfully: ${kept}`)).toBeVisible();
  await expect(area.getByRole('button', { name: 'Preview' })).toBeVisible();
}

for (const width of [375, 1280]) {
  test(`documents, agreement and the printed form at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 600 ? 740 : 900 });
    const student = firstLoginStudent(width < 600 ? 1 : 2);
    await signInFirstTime(page, student, 'Documents-2026!');
    await page.goto('/registration/documents');
    await expect(page.getByRole('heading', { name: 'Passport Photo' })).toBeVisible();

    const portrait = await drawPortraitPng(page);
    await upload(page, 'Passport Photo', { name: 'portrait.png', mimeType: 'image/png', buffer: portrait });
    await upload(page, 'Birth Certificate', {
      name: 'birth-certificate.pdf',
      mimeType: 'application/pdf',
      buffer: samplePdf,
    });

    // A file the server refuses: a renamed non-image as the photo.
    await section(page, 'Passport Photo').getByRole('button', { name: 'Resubmit File' }).click();
    await section(page, 'Passport Photo')
      .getByLabel('Passport Photo file')
      .setInputFiles({
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: Buffer.from('this is not a picture at all'),
      });
    await expect(section(page, 'Passport Photo').getByText(/Could not upload the file!/)).toBeVisible();
    // Resubmit with a genuine picture replaces the first; it is kept as a JPEG at print size (D46).
    await upload(page, 'Passport Photo', { name: 'portrait-2.png', mimeType: 'image/png', buffer: portrait });
    await expect(
      section(page, 'Passport Photo').getByRole('button', { name: 'portrait-2.jpg' }),
    ).toBeVisible();

    await section(page, 'Passport Photo').getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('dialog').getByRole('img', { name: /portrait-2\.jpg/ })).toBeVisible();
    await keepScreenshot(page, 'documents-preview-picture');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await section(page, 'Birth Certificate').getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('dialog').locator('iframe')).toHaveAttribute(
      'src',
      `/api/files/${student.id}/birth_certificate`,
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expectAccessible(page);
    await keepScreenshot(page, 'documents');

    await page.goto('/registration/complete');
    await page.getByLabel(/I agree to the terms and conditions/).check();
    await expect(page.getByText(/Agreed on/)).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'complete');

    await page.getByRole('button', { name: 'Open registration form' }).click();
    const formDialog = page.getByRole('dialog', { name: 'Registration Form' });
    await expect(formDialog.getByRole('link', { name: 'Download' }).first()).toHaveAttribute(
      'href',
      `/api/registration-form/${student.id}`,
    );
    await formDialog.getByRole('button', { name: 'Close' }).click();

    // The printed form: Legal pages rendered to PNG for a person to look at.
    const pdf = await page.request.get(`/api/registration-form/${student.id}`);
    expect(pdf.status()).toBe(200);
    const dir = join(outputDir, 'registration-form');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `form-${width}.pdf`);
    writeFileSync(file, await pdf.body());
    execFileSync('pdftoppm', ['-r', '50', '-png', file, join(dir, `form-${width}`)]);
    expect(readdirSync(dir).filter((f) => f.startsWith(`form-${width}-`) && f.endsWith('.png'))).toHaveLength(
      2,
    );
    const info = execFileSync('pdfinfo', [file]).toString();
    expect(info).toMatch(/Page size:\s+612 x 1008 pts/);
    expect(execFileSync('pdfimages', ['-list', file]).toString()).toMatch(/image\s+350\s+450/);
  });
}
