/**
 * Rendering the legal-size registration form: median of one render, 500 in a row and peak memory, next to an
 * empty Legal page rendered by the same library in the same run.
 */
import { buildRegistrationForm } from '../server/src/pdf/registration-form.js';
import { createDocument, toBuffer } from '../server/src/pdf/layout.js';
import { fullRecord } from '../server/src/demo/full-record.js';
import { DEFAULT_TERMS_AND_CONDITIONS } from '../server/src/shared/settings.js';
import { fmt } from './lib.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchRegistrationForm(): Promise<Record<string, string | number>[]> {
  const data = {
    school: { name: 'Student Portal Secondary School', address: 'Eastern Main Road, Arima' },
    studentId: '2026001',
    record: { ...fullRecord('2026-11-22'), class_id: '1A', agree_terms_conditions: 1 },
    names: { religion: 'Roman Catholic', ethnicGroup: 'Mixed (Other)', house: 'Ruby House' },
    documentsReceived: { birth_certificate: 1, immunization_card: 1, sea_slip: 0, picture: 1 } as const,
    documentsVerified: { birth_certificate: true, immunization_card: false, sea_slip: false, picture: false },
    photo: PNG,
    terms: { text: DEFAULT_TERMS_AND_CONDITIONS, agreedAt: '2026-11-22 10:15' },
    learningChallengesShown: true,
    printedAt: '2026-11-22 10:20',
  };
  const time = async (f: () => Promise<unknown>) => {
    const t0 = performance.now();
    await f();
    return performance.now() - t0;
  };
  for (let i = 0; i < 10; i++) await buildRegistrationForm(data); // warm-up
  const singles: number[] = [];
  for (let i = 0; i < 50; i++) singles.push(await time(() => buildRegistrationForm(data)));
  const empties: number[] = [];
  for (let i = 0; i < 50; i++) empties.push(await time(() => toBuffer(createDocument('empty'))));

  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const rssBefore = process.memoryUsage().rss;
  const total = await time(async () => {
    for (let i = 0; i < 500; i++) await buildRegistrationForm(data);
  });
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return [
    {
      benchmark: 'registration form PDF, full record (median of 50)',
      ms: fmt(median(singles), 1),
      'baseline: empty Legal page ms': fmt(median(empties), 2),
      ratio: fmt(median(singles) / median(empties), 1),
    },
    {
      benchmark: 'registration form PDF × 500 in a row',
      ms: fmt(total, 0),
      'per form ms': fmt(total / 500, 1),
      'peak RSS MiB': fmt(peak / 1048576, 0),
      'RSS before MiB': fmt(rssBefore / 1048576, 0),
    },
  ];
}
