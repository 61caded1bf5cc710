/**
 * The registration report (GET /api/registration-report/all) of a school of 2,000 students, from the built
 * server running as its own process on an on-disk embedded database: median of 5 downloads, next to the
 * registration form of one student and a bare route (/api/health) of the same server in the same run.
 * BENCH_REPORT_PDF=file keeps the report to look at.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/src/db/client.js';
import { seedReferenceData } from '../server/src/db/reference-data.js';
import { fmt } from './lib.js';
import { seedSchool, seededId } from './seed-school.js';
import { median, startServerProcess, timeGets } from './server-process.js';

const COUNT = 2000;

export async function benchRegistrationReport(): Promise<Record<string, string | number>[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sp-bench-report-'));
  try {
    // The embedded database allows one process per folder: seed it, close it, then start the server on it.
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await seedReferenceData(database.db);
    await seedSchool(database.db, COUNT);
    await database.close();

    const server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const report = await timeGets(server, '/api/registration-report/all', 5);
      const form = await timeGets(server, `/api/registration-form/${seededId(1)}`, 5);
      const bare = await timeGets(server, '/api/health', 20);
      if (process.env.BENCH_REPORT_PDF) {
        const res = await fetch(`${server.url}/api/registration-report/all`, {
          headers: { cookie: server.adminCookie },
        });
        writeFileSync(process.env.BENCH_REPORT_PDF, Buffer.from(await res.arrayBuffer()));
      }
      return [
        {
          benchmark: `registration report, ${COUNT} students (PGlite on disk, server process)`,
          'median ms': fmt(median(report.times), 0),
          'max ms': fmt(Math.max(...report.times), 0),
          KiB: fmt(report.bytes / 1024, 0),
          'baseline: one registration form ms': fmt(median(form.times), 1),
          'baseline: bare route ms': fmt(median(bare.times), 2),
          'ratio to one form': fmt(median(report.times) / median(form.times), 1),
        },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
