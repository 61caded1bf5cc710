/**
 * The admin students table with 3,000 students (the most it filters in the browser), in Chromium against the real server: how long from a
 * keystroke in the search box to the filtered rows on screen, next to a bare DOM update (an input that
 * writes its value into a paragraph) measured in the same page.
 */
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { students } from '../server/src/db/schema.js';
import { enrolEveryStudent } from '../server/src/shared/school-years.js';
import { createStaff } from '../server/src/test/factories.js';
import { startBenchApp } from './bench-app.js';
import { fmt } from './lib.js';

// With the bench's own student, 3,000: the most the table holds whole and filters in the browser (D28).
const COUNT = 2999;
const QUERIES = ['ram', '2026', 'khan', '4b', 'persad'];

// Browser-side code, kept as source text: this file is type-checked for Node, not for the page.
const IN_PAGE_FILTER = `async (queries) => {
  const input = document.querySelector('input[type="search"]');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const type = (value) => { setValue.call(input, value); input.dispatchEvent(new Event('input', { bubbles: true })); };
  const shown = () => /Showing \\d+/.test(document.body.textContent);
  const until = (done) => new Promise((resolve) => { const tick = () => (done() ? resolve() : requestAnimationFrame(tick)); tick(); });
  const times = [];
  for (const q of queries) {
    type('');
    await until(() => !shown());
    const t0 = performance.now();
    type(q);
    await until(shown);
    await new Promise((r) => requestAnimationFrame(r));
    times.push(performance.now() - t0);
  }
  return times;
}`;
const IN_PAGE_BARE = `async (queries) => {
  const input = document.createElement('input');
  const out = document.createElement('p');
  document.body.append(input, out);
  input.addEventListener('input', () => { out.textContent = input.value; });
  const times = [];
  for (const q of queries) {
    const t0 = performance.now();
    input.value = q;
    input.dispatchEvent(new Event('input'));
    await new Promise((r) => requestAnimationFrame(r));
    times.push(performance.now() - t0);
  }
  return times;
}`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchStudentsTable() {
  const b = await startBenchApp({}, resolve(import.meta.dirname, '..', 'web', 'dist'));
  const names = ['Ramdial', 'Khan', 'Persad', 'Joseph', 'Ali', 'Charles', 'Mohammed', 'Baptiste'];
  const rows = Array.from({ length: COUNT }, (_, i) => ({
    id: `B${String(100000 + i)}`,
    first_name: `Student${i}`,
    last_name: names[i % names.length]!,
    class_id: '1A',
    date_of_birth: '2014-03-0' + ((i % 9) + 1),
    birth_cert_no: String(2014000000 + i),
  }));
  for (let i = 0; i < rows.length; i += 500)
    await b.database.db.insert(students).values(rows.slice(i, i + 500));
  await enrolEveryStudent(b.database.db);
  const admin = await createStaff(b.database.db);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${b.url}/admin`);
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: /^login$/i }).click();
    const started = Date.now();
    await page
      .getByText(`Total Number of Students: ${(COUNT + 1).toLocaleString('en-US')}`)
      .waitFor({ timeout: 60_000 });
    const listShown = Date.now() - started;

    // Typed in the page itself, so the figure is the app's work (React, the filter, drawing), not the driver's.
    const filterMs = await page.evaluate<number[]>(`(${IN_PAGE_FILTER})(${JSON.stringify(QUERIES)})`);
    const bareMs = await page.evaluate<number[]>(`(${IN_PAGE_BARE})(${JSON.stringify(QUERIES)})`);
    const drawn = await page.locator('table[aria-label="Students"] tbody tr:not([aria-hidden])').count();
    return {
      benchmark: `students table, ${COUNT + 1} students (Chromium)`,
      'list shown ms': listShown,
      'filter median ms': fmt(median(filterMs)),
      'bare DOM update ms': fmt(median(bareMs)),
      ratio: fmt(median(filterMs) / Math.max(median(bareMs), 0.1)),
      'rows drawn': drawn,
    };
  } finally {
    await browser.close();
    await b.close();
  }
}
