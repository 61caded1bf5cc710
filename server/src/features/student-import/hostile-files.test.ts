import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS, type ImportPreview } from '@sp/domain';
import { readWorkbook } from '../../shared/read-sheet.js';
import type { Agent } from '../../test/agent.js';
import type { TestApp } from '../../test/test-app.js';
import { HEADER, csv, openImportApp, sendFile, xlsx } from '../../test/import-files.js';
import { probeEventLoop } from '../../test/loop-probe.js';
import { bigCsv, millionRowCsv, oneIdCsv, xlsxBomb } from '../../test/hostile-files.js';

let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await openImportApp()));
afterAll(() => t.close());

const PREVIEW = '/api/students/import/preview';
/**
 * D47 asks for ~100 ms; the bound here leaves room for a slower machine (the figures are printed, and ADR 0028
 * keeps a run's). Times are counted in work done, the processor time of this process (see probeEventLoop), so
 * other work on a shared machine does not make them fail.
 */
const MAX_LOOP_HELD_MS = 300;
/**
 * A large file's work is spread over many turns of the event loop: no stretch without a turn holds more than
 * this share of it. A share does not depend on the machine's speed; reading or planning a file in one piece
 * holds most of its work at once.
 */
const MAX_HELD_SHARE = 0.25;

/** Held briefly, both in time and as a share of the request's work. */
function expectSpread({ heldMs, cpuMs }: { heldMs: number; cpuMs: number }): void {
  expect(heldMs).toBeLessThan(MAX_LOOP_HELD_MS);
  expect(heldMs, `held ${heldMs} ms of ${cpuMs} ms of work at once`).toBeLessThan(cpuMs * MAX_HELD_SHARE);
}

/** The request's answer, the work it took and the longest the event loop was held while it ran. */
async function measured(name: string, data: Buffer | string, url = PREVIEW) {
  const { result: res, ms, cpuMs, heldMs } = await probeEventLoop(() => sendFile(admin, url, name, data));
  console.info(
    `${name}: ${res.statusCode} in ${ms} ms (${cpuMs} ms of work), event loop held at most ${heldMs} ms`,
  );
  return { res, cpuMs, heldMs };
}

describe('D47: every imported file has a bounded cost', () => {
  it('previews a 2 MB CSV without holding the event loop, a page of rows at a time', async () => {
    const file = bigCsv(2 * 1024 * 1024);
    const { res, ...probe } = await measured('2mb.csv', file);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const preview = res.json<ImportPreview>();
    expect(preview.counts.added).toBeGreaterThan(14_000);
    expect(preview).toMatchObject({ status: 'all', page: 0, page_size: 100, total: preview.counts.added });
    expect(preview.rows).toHaveLength(100);
    expectSpread(probe);

    const third = await sendFile(admin, `${PREVIEW}?status=new&page=2`, '2mb.csv', file);
    expect(third.json<ImportPreview>().rows[0]?.line).toBe(202);
  });

  it.each([
    ['status=bogus', /Show all rows or one status/],
    ['page=-1', /The page is a whole number/],
  ])('refuses a preview asked for with %s', async (query, message) => {
    const res = await sendFile(
      admin,
      `${PREVIEW}?${query}`,
      'one.csv',
      csv(HEADER, 'Q1,A,B,,1A,2013-04-09,,'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
  });

  it('groups 10,000 rows of one ID in one pass, each with a short message', async () => {
    const { res, ...probe } = await measured('one-id.csv', oneIdCsv(10_000));
    expect(res.statusCode).toBe(200);
    const preview = res.json<ImportPreview>();
    expect(preview.counts.errors).toBe(10_000);
    expect(preview.rows[0]?.errors).toEqual([
      { field: 'id', message: 'This ID appears more than once in the file (rows 2, 3, 4 … and 9,997 more).' },
    ]);
    expect(res.body.length).toBeLessThan(100_000);
    expect(probe.cpuMs).toBeLessThan(5_000);
    expectSpread(probe);
  });

  it('refuses a million-row CSV at the row cap, quickly', async () => {
    const { res, cpuMs, heldMs } = await measured('million.csv', millionRowCsv());
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe(
      'The file has more than 20,000 rows. Split it into smaller files.',
    );
    expect(cpuMs).toBeLessThan(2_000);
    expect(heldMs).toBeLessThan(MAX_LOOP_HELD_MS);
  });

  it('takes 20,000 students and refuses the 20,001st', async () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `R${i},Surname,Given,,1A,2013-04-09,,`);
    const full = await sendFile(admin, PREVIEW, 'full.csv', csv(HEADER, ...rows(IMPORT_MAX_ROWS)));
    expect(full.statusCode).toBe(200);
    const over = await sendFile(admin, PREVIEW, 'over.csv', csv(HEADER, ...rows(IMPORT_MAX_ROWS + 11)));
    expect(over.statusCode).toBe(413);
  });

  it('refuses an XLSX that unpacks to 450 MB from its zip directory, before inflating it', async () => {
    const bomb = await xlsxBomb(450);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const { res, cpuMs, heldMs } = await measured('bomb.xlsx', bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toMatch(/unpacks to more than 50 MB/);
    expect(cpuMs).toBeLessThan(1_000);
    expect(heldMs).toBeLessThan(MAX_LOOP_HELD_MS);
  });

  it('refuses an XLSX whose directory lies about its size, once inflating outgrows the claim', async () => {
    const { res, cpuMs, heldMs } = await measured('liar.xlsx', await xlsxBomb(450, true));
    expect(res.statusCode).toBe(415);
    expect(cpuMs).toBeLessThan(2_000);
    expect(heldMs).toBeLessThan(MAX_LOOP_HELD_MS);
  });

  it('reads a 5,000-row XLSX as a stream without holding the event loop', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => [
      `X${i}`,
      `Surname${i}`,
      'Given',
      '1A',
      new Date(Date.UTC(2013, 3, 9)),
    ]);
    const book = await xlsx([['ID', 'Last Name', 'First Name', 'Class', 'Date of Birth'], ...rows]);
    const { res, ...probe } = await measured('5000.xlsx', book);
    expect(res.statusCode).toBe(200);
    expect(res.json<ImportPreview>().counts.added).toBe(5_000);
    expectSpread(probe);
  });

  it('lets a caller pass its own row cap (term results read more rows than a student file)', async () => {
    const file = Buffer.from(`ID,Subject\n${'x,y\n'.repeat(30_000)}`);
    await expect(readWorkbook(file, { maxRows: IMPORT_MAX_ROWS })).rejects.toMatchObject({ statusCode: 413 });
    const [sheet] = await readWorkbook(file, { maxRows: 200_000 });
    expect(sheet).toHaveLength(30_001);
  });
});
