import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  demoAccounts,
  expectAccessible,
  keepScreenshot,
  outputDir,
  samplePdf,
  signInAdmin,
  signInFirstTime,
  typedBirthDate,
  type DemoStudent,
} from './fixtures';

/**
 * Photos from a phone (ADR 0047): converted, made smaller, framed and joined in the browser, while the server
 * stays as strict as ever. Each test takes a Form 1 student of its own from the end of the list (registration
 * is open for Form 1; the other tests take theirs from the start).
 */
const families = demoAccounts().students.filter(
  (s) => !s.has_password && !s.withdrawn && s.class_id.startsWith('1'),
);
const family = (fromEnd: number): DemoStudent => families.at(-fromEnd)!;

const heic = {
  name: 'birth-certificate.heic',
  mimeType: 'image/heic',
  buffer: readFileSync(join(import.meta.dirname, '..', 'fixtures', 'birth-certificate.heic')),
};

/** The same photo with its data cut short: the header still declares its size, the picture cannot be decoded. */
const brokenHeic = { ...heic, name: 'IMG_0002.heic', buffer: heic.buffer.subarray(0, 700) };

/**
 * A phone photo held upright but stored sideways, as phones do (EXIF orientation 6: turn 90° clockwise to
 * show). Seen the right way up it is 400 × 600, red above and blue below.
 */
async function sidewaysJpeg() {
  const half = (color: string) =>
    sharp({ create: { width: 400, height: 300, channels: 3, background: color } })
      .png()
      .toBuffer();
  const upright = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#fff' } })
    .composite([
      { input: await half('#d00000'), top: 0, left: 0 },
      { input: await half('#0000d0'), top: 300, left: 0 },
    ])
    .png()
    .toBuffer();
  const stored = await sharp(upright).rotate(270).jpeg().withMetadata({ orientation: 6 }).toBuffer();
  return { name: 'IMG_0003.jpg', mimeType: 'image/jpeg', buffer: stored };
}

/** Each page of a PDF: its size in points, and its colour at the top and the bottom, as poppler draws it. */
async function pdfPages(file: string) {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '99', file]).toString();
  const sizes = [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map(([, w, h]) => ({
    width: Math.round(Number(w)),
    height: Math.round(Number(h)),
  }));
  return Promise.all(
    sizes.map(async (size, i) => {
      const png = execFileSync('pdftoppm', ['-png', '-r', '24', '-f', `${i + 1}`, '-l', `${i + 1}`, file]);
      const { data, info: px } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const at = (y: number) =>
        [...data.subarray((y * px.width + (px.width >> 1)) * px.channels)].slice(0, 3);
      const stats = await sharp(png).stats();
      return {
        ...size,
        top: at(2),
        bottom: at(px.height - 3),
        blank: stats.channels.every((c) => c.stdev < 1),
      };
    }),
  );
}

const section = (page: Page, title: string) => page.getByRole('region', { name: title });

/** A photo as a phone's camera makes it: a JPEG of this size, with detail that does not compress away. */
async function cameraJpeg(page: Page, width: number, height: number, name: string) {
  const dataUrl = await page.evaluate(
    ({ w, h }) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const g = canvas.getContext('2d')!;
      const gradient = g.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#f3ead2');
      gradient.addColorStop(1, '#8fa7b8');
      g.fillStyle = gradient;
      g.fillRect(0, 0, w, h);
      // Paper grain: what makes a real 12-megapixel photo several megabytes.
      const grain = g.getImageData(0, 0, w, h);
      let seed = 7;
      for (let i = 0; i < grain.data.length; i += 4) {
        seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
        const n = (seed % 49) - 24;
        for (let c = i; c < i + 3; c++) grain.data[c] = grain.data[c]! + n;
      }
      g.putImageData(grain, 0, 0);
      g.fillStyle = '#222';
      g.font = `${Math.round(h / 12)}px sans-serif`;
      g.fillText('Immunization record', w / 10, h / 5);
      g.fillStyle = '#8d5524';
      g.beginPath();
      g.ellipse(w / 2, h / 2, w / 8, h / 5, 0, 0, Math.PI * 2);
      g.fill();
      return canvas.toDataURL('image/jpeg', 0.92);
    },
    { w: width, h: height },
  );
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') };
}

/** The stored file of a document, as the family's browser downloads it. */
async function storedFile(page: Page, studentId: string, type: string): Promise<Buffer> {
  const res = await page.request.get(`/api/files/${studentId}/${type}`);
  expect(res.status()).toBe(200);
  return res.body();
}

/** A picture's pixel size, read by the browser from the server's copy. */
const storedPictureSize = (page: Page, url: string) =>
  page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return { width: img.naturalWidth, height: img.naturalHeight };
  }, url);

/** Scripts the page downloads (the app's chunks and workers), in the order asked for. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/.+\.m?js$/.test(new URL(r.url()).pathname)) scripts.push(new URL(r.url()).pathname);
  });
  return scripts;
}

async function expectUploaded(area: Locator, name: string) {
  await expect(area.getByText(`Uploaded the file successfully: ${name}`)).toBeVisible({ timeout: 20_000 });
}

/** Frames the passport photo: a drag and a zoom, then Use photo; the stored photo has the printed box's ratio. */
async function framePassportPhoto(page: Page, studentId: string, screenshot: string) {
  const photo = section(page, 'Passport Photo');
  await photo
    .getByLabel('Passport Photo file')
    .setInputFiles(await cameraJpeg(page, 4000, 3000, 'IMG_2041.jpg'));
  const dialog = page.getByRole('dialog', { name: 'Frame the passport photo' });
  await expect(dialog.getByRole('img', { name: 'The chosen photo' })).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('slider', { name: 'Zoom' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const frame = await dialog
    .getByLabel('Photo frame: drag or use the arrow keys to move the photo')
    .boundingBox();
  await page.mouse.move(frame!.x + frame!.width / 2, frame!.y + frame!.height / 2);
  await page.mouse.down();
  await page.mouse.move(frame!.x + frame!.width / 2 + 30, frame!.y + frame!.height / 2 + 10, { steps: 5 });
  await page.mouse.up();
  // On the smallest phones too, the frame leaves room for Zoom and the buttons.
  // (The slider's own input is drawn 1 px wide and clipped: its thumb is what shows.)
  await expect(dialog.locator('.MuiSlider-thumb')).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Use photo' })).toBeInViewport();
  await expectAccessible(page);
  // The dialog as the screen shows it: a full-page capture would draw the page below past its backdrop.
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: join(outputDir, 'screenshots', `${screenshot}-${width}.png`) });
  await dialog.getByRole('button', { name: 'Use photo' }).click();
  await expectUploaded(photo, 'IMG_2041.jpg');
  const size = await storedPictureSize(page, `/api/files/${studentId}/picture`);
  // The server keeps the photo at most 600 × 800 (D46): the frame's 35 : 45 arrives.
  expect(size.width).toBe(600);
  expect(Math.abs(size.width / size.height - 35 / 45)).toBeLessThan(0.002);
}

test('a phone photo: HEIC converted, a 4000 × 3000 JPEG made smaller, the passport photo framed; a plain JPEG loads no converter', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const student = family(1);
  await signInFirstTime(page, student, 'Phone-photos-2026!');
  await page.goto('/registration/documents');
  await expect(page.getByRole('heading', { name: 'Passport Photo' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const scripts = watchScripts(page);

  // A small JPEG is sent as it is: no script at all is downloaded for it.
  const immunization = section(page, 'Immunization Card');
  await immunization
    .getByLabel('Immunization Card file')
    .setInputFiles(await cameraJpeg(page, 900, 1200, 'card.jpg'));
  await expectUploaded(immunization, 'card.jpg');
  expect(scripts, 'scripts loaded for a plain JPEG').toEqual([]);

  // A HEIC photo: converted to JPEG in a worker that arrives only now, then sent.
  const birth = section(page, 'Birth Certificate');
  const started = Date.now();
  await birth.getByLabel('Birth Certificate file').setInputFiles(heic);
  await expectUploaded(birth, 'birth-certificate.jpg');
  console.log(`HEIC 600 × 800 converted and uploaded in ${Date.now() - started} ms`);
  const heicScripts = [...scripts];
  expect(
    heicScripts.filter((s) => s.includes('heic-worker')),
    'the HEIC decoder, fetched now',
  ).toHaveLength(1);
  await expect(birth.getByText(/Photo converted to JPEG/)).toBeVisible();
  const converted = await storedFile(page, student.id, 'birth_certificate');
  expect(converted.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  expect(await storedPictureSize(page, `/api/files/${student.id}/birth_certificate`)).toEqual({
    width: 600,
    height: 800,
  });

  // A damaged HEIC: a clear message soon, not a converter left running.
  const card = section(page, 'Immunization Card');
  await card.getByRole('button', { name: 'Resubmit File' }).click();
  await card.getByLabel('Immunization Card file').setInputFiles(brokenHeic);
  await expect(card.getByRole('alert')).toHaveText(
    'The iPhone photo (HEIC) could not be read. Take the photo again, or save it as a JPEG first.',
    { timeout: 20_000 },
  );
  await card.getByRole('button', { name: 'Keep the current file' }).click();

  // 12 megapixels: made smaller before it is sent, and the family is told by how much.
  const sea = section(page, 'SEA Placement Slip');
  const big = await cameraJpeg(page, 4000, 3000, 'IMG_2040.jpg');
  expect(big.buffer.length).toBeGreaterThan(2_000_000);
  await sea.getByLabel('SEA Placement Slip file').setInputFiles(big);
  await expectUploaded(sea, 'IMG_2040.jpg');
  await expect(sea.getByText(/Photo made smaller: \d+\.\d MB → \d+ KB/)).toBeVisible();
  const shrunk = await storedFile(page, student.id, 'sea_slip');
  console.log(`4000 × 3000 JPEG: ${big.buffer.length} → ${shrunk.length} bytes`);
  expect(shrunk.length).toBeLessThanOrEqual(1_000_000);
  const shrunkSize = await storedPictureSize(page, `/api/files/${student.id}/sea_slip`);
  expect(Math.max(shrunkSize.width, shrunkSize.height)).toBeLessThanOrEqual(2000);

  await framePassportPhoto(page, student.id, 'phone-photos-crop');

  // Two pages waiting to be sent as one, as the family sees them.
  await sea
    .getByLabel('SEA Placement Slip another page')
    .setInputFiles(await cameraJpeg(page, 900, 1200, 'back.jpg'));
  await expect(sea.getByRole('list', { name: 'SEA Placement Slip pages' }).getByRole('listitem')).toHaveCount(
    2,
  );
  await expectAccessible(page);
  await keepScreenshot(page, 'phone-photos-pages');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('four pages (photo, PDF, HEIC, a photo stored sideways) become one 4-page PDF, each page drawn and upright, which the office finds in the student’s documents', async ({
    page,
    browser,
  }) => {
    const student = family(2);
    await signInFirstTime(page, student, 'Phone-pages-2026!');
    await page.goto('/registration/documents');
    const birth = section(page, 'Birth Certificate');
    await expect(birth.getByRole('button', { name: 'Take photo' })).toBeVisible();

    // The first page is sent as soon as the photo is taken, as one photo always was.
    await birth
      .getByLabel('Birth Certificate camera')
      .setInputFiles(await cameraJpeg(page, 900, 1200, 'image.jpg'));
    await expectUploaded(birth, 'image.jpg');
    await birth.getByLabel('Birth Certificate another page').setInputFiles({
      name: 'back.pdf',
      mimeType: 'application/pdf',
      buffer: samplePdf,
    });
    const pages = birth.getByRole('list', { name: 'Birth Certificate pages' });
    await expect(pages.getByText('PDF, 1 page')).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, 'phone-photos-pages');
    await birth.getByLabel('Birth Certificate another page').setInputFiles(heic);
    await expect(pages.getByRole('listitem')).toHaveCount(3);
    await birth.getByLabel('Birth Certificate another page').setInputFiles(await sidewaysJpeg());
    await expect(pages.getByRole('listitem')).toHaveCount(4);
    await birth
      .getByLabel('Birth Certificate another page')
      .setInputFiles(await cameraJpeg(page, 600, 800, 'extra.jpg'));
    await expect(pages.getByRole('listitem')).toHaveCount(5);
    await pages.getByRole('button', { name: 'Remove page 5' }).click();
    await expect(pages.getByRole('listitem')).toHaveCount(4);
    // Focus stays in the list, on the Remove now last.
    await expect(pages.getByRole('button', { name: 'Remove page 4' })).toBeFocused();

    await birth.getByRole('button', { name: 'Upload 4 pages as one PDF' }).click();
    await expectUploaded(birth, 'birth-certificate.pdf');
    await expect(pages).toBeHidden();

    await framePassportPhoto(page, student.id, 'phone-photos-crop');

    // The office, at its own computer, opens the student's documents and previews the joined PDF.
    const office = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAdmin(office);
    await office.goto(`/admin/students/${student.id}/documents`);
    const card = office.getByRole('region', { name: 'Birth Certificate' });
    await card.getByRole('button', { name: 'Preview' }).click();
    const frame = office.getByRole('dialog').locator('iframe');
    const src = await frame.getAttribute('src');
    expect(src).toBe(`/api/files/${student.id}/birth_certificate`);
    const res = await office.request.get(src!);
    expect(res.headers()['content-type']).toBe('application/pdf');
    const file = join(outputDir, `joined-${student.id}.pdf`);
    writeFileSync(file, await res.body());
    expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/Pages:\s+4\n/);
    // Each page drawn: none blank; photos on pages of their own proportions; the sideways photo upright.
    const drawn = await pdfPages(file);
    expect(drawn.map(({ width, height }) => ({ width, height }))).toEqual([
      { width: 595, height: 793 },
      { width: 612, height: 792 },
      { width: 595, height: 793 },
      { width: 595, height: 893 },
    ]);
    expect(drawn.filter((p) => p.blank)).toEqual([]);
    const [red, blue] = [drawn[3]!.top, drawn[3]!.bottom];
    expect(red[0]!, 'red above').toBeGreaterThan(150);
    expect(red[2]!).toBeLessThan(80);
    expect(blue[2]!, 'blue below').toBeGreaterThan(150);
    expect(blue[0]!).toBeLessThan(80);
    await office.close();
  });
});

/** English → Spanish, from the catalogues the app is built from. */
const spanish = new Map(
  ['first-screen.po', 'documents.po'].flatMap((file) =>
    [
      ...readFileSync(
        join(import.meta.dirname, '..', '..', 'web', 'src', 'locales', 'es', file),
        'utf8',
      ).matchAll(/^msgid (".*")\nmsgstr (".*")$/gm),
    ].map(([, id, str]) => [JSON.parse(id!) as string, JSON.parse(str!) as string] as const),
  ),
);
const say = (english: string) => spanish.get(english) ?? `(no Spanish for ${english})`;

test.describe('in Spanish', () => {
  test.use({ locale: 'es-419', viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

  test('the documents step and its photo messages in Spanish on a phone', async ({ page }) => {
    const student = family(3);
    await page.goto('/');
    await page.getByLabel(say('Student ID')).fill(student.id);
    await page.getByLabel(say('Password'), { exact: true }).fill(typedBirthDate(student));
    await page.getByRole('button', { name: say('Login') }).click();
    await page.getByLabel(say('New Password'), { exact: true }).fill('Fotos-telefono-2026!');
    await page.getByLabel(say('Confirm New Password')).fill('Fotos-telefono-2026!');
    await page.getByRole('button', { name: say('Change Password') }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/registration/documents');

    const birth = section(page, say('Birth Certificate'));
    await expect(birth.getByRole('button', { name: say('Choose file') })).toBeVisible();
    await expect(birth.getByRole('button', { name: say('Take photo') })).toBeVisible();
    await birth.getByLabel(`${say('Birth Certificate')}: cámara`).setInputFiles(heic);
    await expect(birth.getByText(/^Foto convertida a JPEG/)).toBeVisible({ timeout: 20_000 });
    await birth.getByLabel(`${say('Birth Certificate')}: otra página`).setInputFiles(brokenHeic);
    await expect(birth.getByRole('alert')).toHaveText(
      say('The iPhone photo (HEIC) could not be read. Take the photo again, or save it as a JPEG first.'),
      { timeout: 20_000 },
    );
    await expectAccessible(page);
    await keepScreenshot(page, 'phone-photos-spanish');
  });
});
