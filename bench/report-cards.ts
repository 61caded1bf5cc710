/**
 * Report cards (D24): one card's render (median), a class of 40 as one PDF and as a ZIP, every class of the demo
 * school, and peak memory while doing so; then one card, and every class as its PDF, in a school of 1,520.
 * Baselines from the same run: an empty Legal page from the same library, the class's 40 cards rendered one by
 * one, and one card times the number of students.
 */
import { formClasses, students } from '../server/src/db/schema.js';
import { refreshStatistics } from '../server/src/db/statistics.js';
import { seedDemoSchool } from '../server/src/demo/demo-school.js';
import { startClassJob } from '../server/src/features/report-cards/class-jobs.js';
import { reportCardPdf } from '../server/src/features/report-cards/report-cards.js';
import { createDocument, toBuffer } from '../server/src/pdf/layout.js';
import { systemActor } from '../server/src/plugins/auth.js';
import { createStudent } from '../server/src/test/factories.js';
import { ensureSubjects, ensureTerm, seedResults } from '../server/src/test/term-factories.js';
import { startBenchApp } from './bench-app.js';
import { fmt } from './lib.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = async (f: () => Promise<unknown>) => {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
};

export async function benchReportCards(): Promise<Record<string, string | number>[]> {
  const bench = await startBenchApp();
  const { ctx } = bench.app;
  const db = bench.database.db;
  try {
    // The demo school fills only an empty school: the bench app's own student goes first.
    await db.delete(students);
    await seedDemoSchool(db, new Date());
    const term = await ensureTerm(db, 2025, 1, true);
    const subjects = await ensureSubjects(db, 12);
    const demo = await db.select().from(formClasses);
    const everyone = await db.select({ id: students.id, class_id: students.class_id }).from(students);
    for (const [i, s] of everyone.entries())
      await seedResults(db, { termId: term.id, studentId: s.id, classId: s.class_id!, subjects, seed: i });
    const demoCount = everyone.length;

    // A class of 40 with twelve subjects each.
    await db.insert(formClasses).values({ class_id: '3X', form_level: 3 }).onConflictDoNothing();
    const cls: string[] = [];
    for (let i = 0; i < 40; i++) {
      const s = await createStudent(db, {
        class_id: '3X',
        last_name: `Classof${String(40 - i).padStart(2, '0')}`,
      });
      cls.push(s.id);
      await seedResults(db, { termId: term.id, studentId: s.id, classId: '3X', subjects, seed: i + 3 });
    }
    // As the hourly housekeeping, or the imports that brought the students and results, do.
    await refreshStatistics(db);
    const staff = systemActor('bench');
    const one = () => reportCardPdf(ctx, staff, cls[0]!, 2025, 1);

    // Warm-up: a running server has served cards before (the figures settle after some 30).
    for (let i = 0; i < 40; i++) await one();
    const singles: number[] = [];
    for (let i = 0; i < 100; i++) singles.push(await time(one));
    const empties: number[] = [];
    for (let i = 0; i < 50; i++) empties.push(await time(() => toBuffer(createDocument('empty'))));

    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const rssBefore = process.memoryUsage().rss;
    const job = async (classId: string, kind: 'pdf' | 'zip') => {
      const { done } = await startClassJob(ctx, staff, { year: 2025, term: 1, class_id: classId, kind });
      await done;
    };
    const oneByOne = await time(async () => {
      for (const id of cls) await reportCardPdf(ctx, staff, id, 2025, 1);
    });
    const thrice = async (kind: 'pdf' | 'zip') => {
      const runs: number[] = [];
      for (let i = 0; i < 3; i++) runs.push(await time(() => job('3X', kind)));
      return median(runs);
    };
    const classPdf = await thrice('pdf');
    const classZip = await thrice('zip');
    const demoClasses = demo.map((c) => c.class_id).filter((c) => c !== '3X');
    const school = await time(async () => {
      for (const c of demoClasses) await job(c, 'pdf');
    });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    // A school's size: 1,520 students in 38 classes of 40, in a term of their own, every class as its PDF.
    const big = await ensureTerm(db, 2025, 2, true);
    const bigClasses: string[] = [];
    const bigFirst: string[] = [];
    for (let c = 0; c < 38; c++) {
      const classId = `${1 + (c % 5)}S${String(c).padStart(2, '0')}`;
      bigClasses.push(classId);
      await db.insert(formClasses).values({ class_id: classId, form_level: 1 + (c % 5) });
      for (let i = 0; i < 40; i++) {
        const s = await createStudent(db, { class_id: classId });
        if (i === 0) bigFirst.push(s.id);
        await seedResults(db, { termId: big.id, studentId: s.id, classId, subjects, seed: c + i });
      }
    }
    await refreshStatistics(db);
    const inBig = () => reportCardPdf(ctx, staff, bigFirst[7]!, 2025, 2);
    for (let i = 0; i < 40; i++) await inBig();
    const bigSingles: number[] = [];
    for (let i = 0; i < 100; i++) bigSingles.push(await time(inBig));
    const wholeSchool = await time(async () => {
      for (const c of bigClasses) {
        const { done } = await startClassJob(ctx, staff, { year: 2025, term: 2, class_id: c, kind: 'pdf' });
        await done;
      }
    });
    return [
      {
        benchmark: 'one report card PDF, 12 subjects, read from the database (median of 100)',
        ms: fmt(median(singles), 1),
        'baseline ms': `${fmt(median(empties), 2)} (empty Legal page)`,
        ratio: fmt(median(singles) / median(empties), 1),
      },
      {
        benchmark: 'class of 40 as one PDF, background job to the stored file (median of 3)',
        ms: fmt(classPdf, 0),
        'baseline ms': `${fmt(oneByOne, 0)} (the 40 cards one by one)`,
        ratio: fmt(classPdf / oneByOne, 2),
      },
      {
        benchmark: 'class of 40 as a ZIP of 40 PDFs (median of 3)',
        ms: fmt(classZip, 0),
        'baseline ms': `${fmt(oneByOne, 0)} (the 40 cards one by one)`,
        ratio: fmt(classZip / oneByOne, 2),
      },
      {
        benchmark: `whole demo school: ${demoCount} students in ${demoClasses.length} class PDFs`,
        ms: fmt(school, 0),
        'baseline ms': `${fmt(median(singles) * demoCount, 0)} (${demoCount} × one card)`,
        ratio: fmt(school / (median(singles) * demoCount), 2),
      },
      {
        benchmark: 'one report card in a school of 1,520 in a term (median of 100)',
        ms: fmt(median(bigSingles), 1),
        'baseline ms': `${fmt(median(singles), 1)} (in the school of ${demoCount + 40})`,
        ratio: fmt(median(bigSingles) / median(singles), 2),
      },
      {
        benchmark: 'a school of 1,520: all 38 classes as class PDFs, one job after another',
        ms: fmt(wholeSchool, 0),
        'baseline ms': `${fmt(median(bigSingles) * 1520, 0)} (1,520 × one card)`,
        ratio: fmt(wholeSchool / (median(bigSingles) * 1520), 2),
      },
      {
        benchmark: 'memory while building all of the above',
        ms: '',
        'baseline ms': `RSS before ${fmt(rssBefore / 1048576, 0)} MiB`,
        ratio: `peak RSS ${fmt(peak / 1048576, 0)} MiB`,
      },
    ];
  } finally {
    await bench.close();
  }
}
