/**
 * A ministry's 100,000 students on PostgreSQL (D28), with the built server as its own process on a
 * PostgreSQL server the bench starts itself: the completion dashboard's query at 2,000 and at 100,000
 * students, and the admin list's search by a name fragment (one page of 50 and the total). Baselines from
 * the same run: a bare route of the same server, the whole list in one response (what the table fetched
 * before D28), and the same search as a substring scan without an index, straight on the database.
 */
import pg from 'pg';
import { openDatabase } from '../server/src/db/client.js';
import { seedReferenceData } from '../server/src/db/reference-data.js';
import { fmt } from './lib.js';
import { startTemporaryPostgres } from './postgres.js';
import { seedSchool } from './seed-school.js';
import { median, percentile, startServerProcess, timeGets, type ServerProcess } from './server-process.js';

const SMALL = 2000;
const LARGE = 100_000;
const FRAGMENTS = ['ram', 'kh', 'per', 'moh', 'bap', 'S00123', 'ali', 'sea', 'jo', 'dook'];

async function seed(url: string, to: number, from: number): Promise<void> {
  const database = await openDatabase({ url });
  if (from === 0) {
    await database.migrate();
    await seedReferenceData(database.db);
  }
  await seedSchool(database.db, to, from);
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('vacuum analyze');
  await client.end();
}

/** Each fragment `rounds` times: one page of 50 by name, with the total. */
async function searches(server: ServerProcess, rounds: number): Promise<number[]> {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++)
    for (const q of FRAGMENTS)
      times.push(...(await timeGets(server, `/api/students?q=${q}&limit=50&sort=name`, 1)).times);
  return times;
}

/** The same fragments as substrings (`%ram%`), counted with a scan, straight on the database. */
async function substringScans(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const times: number[] = [];
  for (const q of FRAGMENTS) {
    const t0 = performance.now();
    await client.query(
      'select count(*) from students where lower(last_name) like $1 or lower(first_name) like $1',
      [`%${q.toLowerCase()}%`],
    );
    times.push(performance.now() - t0);
  }
  await client.end();
  return times;
}

export async function benchStudents100k(): Promise<Record<string, string | number>[]> {
  const postgres = await startTemporaryPostgres();
  if (!postgres) return [{ benchmark: 'students-100k', note: 'no PostgreSQL binaries on this machine' }];
  const rows: Record<string, string | number>[] = [];
  try {
    await seed(postgres.url, SMALL, 0);
    let server = await startServerProcess({ DATABASE_URL: postgres.url });
    try {
      const completion = await timeGets(server, '/api/completion', 20);
      const bare = await timeGets(server, '/api/health', 20);
      rows.push({
        benchmark: `completion dashboard query, ${SMALL} students (PostgreSQL)`,
        'p50 ms': fmt(median(completion.times)),
        'p95 ms': fmt(percentile(completion.times, 95)),
        'baseline: bare route p50 ms': fmt(median(bare.times), 2),
      });
    } finally {
      await server.stop();
    }

    await seed(postgres.url, LARGE, SMALL);
    server = await startServerProcess({ DATABASE_URL: postgres.url });
    try {
      const bare = await timeGets(server, '/api/health', 20);
      const completion = await timeGets(server, '/api/completion', 20);
      const search = await searches(server, 5);
      const scans = await substringScans(postgres.url);
      const whole = await timeGets(server, '/api/students', 2);
      rows.push(
        {
          benchmark: `completion dashboard query, ${LARGE} students (PostgreSQL)`,
          'p50 ms': fmt(median(completion.times)),
          'p95 ms': fmt(percentile(completion.times, 95)),
          'baseline: bare route p50 ms': fmt(median(bare.times), 2),
          target: '≤ 300 ms',
        },
        {
          benchmark: `students search by name fragment, page of 50 + total, ${LARGE} students`,
          'p50 ms': fmt(median(search)),
          'p95 ms': fmt(percentile(search, 95)),
          'baseline: bare route p50 ms': fmt(median(bare.times), 2),
          'baseline: substring scan in SQL p50 ms': fmt(median(scans)),
          'baseline: whole list in one response ms': fmt(median(whole.times), 0),
          'whole list MiB': fmt(whole.bytes / 1048576),
          target: '≤ 100 ms p95',
        },
      );
    } finally {
      await server.stop();
    }
  } finally {
    postgres.stop();
  }
  return rows;
}
