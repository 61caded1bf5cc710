/**
 * Hostile files sent to the built server running as its own process on an on-disk PGlite with the demo
 * school: for each, the answer and its time, the server's CPU time and longest event-loop stall during it,
 * and its resident memory before, at its peak, just after and 5 s after. Baselines from the same run: a
 * bare route and a normal 2,000-row import preview. A request unanswered in 120 s is cut off and the server
 * is killed and started again, so one stall does not spoil the next file. `--server-dir DIR` (or
 * BENCH_SERVER_DIR) measures another checkout's server; the bench compiles it first unless BENCH_NO_BUILD=1.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fmt } from './lib.js';
import { picture, writeCsv, xlsxBomb, type PictureKind } from './hostile-inputs.js';
import { startWatchedServer, type WatchedServer } from './watched-server.js';

const TIMEOUT_MS = 120_000;
const SETTLE_MS = 5_000;
const amount = (bytes: number) =>
  bytes < 1048576 ? `${fmt(bytes / 1024, 0)} KB` : `${fmt(bytes / 1048576, 1)} MB`;
const mib = (n: number) => (Number.isNaN(n) ? '—' : fmt(n, 0));

function checkoutDir(): string {
  const i = process.argv.indexOf('--server-dir');
  const dir = i > 0 ? process.argv[i + 1] : process.env.BENCH_SERVER_DIR;
  return resolve(dir ?? fileURLToPath(new URL('..', import.meta.url)));
}

function run(checkout: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync(process.execPath, args, {
    cwd: checkout,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/**
 * The demo school in a new data folder, seeded by the checkout's own code as it stood last year (the year it
 * opens in); returns the ID of a student in Form 1 that year, with report cards.
 */
function seedDemo(checkout: string, dataDir: string): string {
  const script = `
    const dist = (p) => import(${JSON.stringify(pathToFileURL(join(checkout, 'server/dist')).href)} + '/' + p);
    const { openDatabase } = await dist('db/client.js');
    const { seedReferenceData } = await dist('db/reference-data.js');
    const { seedDemoSchool, lastYearStudents } = await dist('demo/demo-school.js');
    const database = await openDatabase({ dataDir: process.env.DATA_DIR });
    await database.migrate();
    await seedReferenceData(database.db);
    await seedDemoSchool(database.db, new Date());
    await database.close();
    console.log(JSON.stringify(lastYearStudents().find(({ student }) => student.class_id.startsWith('1')).student.id));`;
  const out = run(checkout, ['--input-type=module', '-e', script], { DATA_DIR: dataDir });
  return JSON.parse(out.trim().split('\n').pop()!) as string;
}

interface Columns {
  IMPORT_COLUMNS: readonly { name: string; label: string }[];
  RESULT_COLUMNS: readonly { name: string; label: string }[];
}

/** The answer's time is measured around the call unless the call gives its own (`ms`). */
type Send = (s: WatchedServer, signal: AbortSignal) => Promise<{ status: number; note: string; ms?: number }>;

/** One request as a browser sends it; the note is the server's message, or what kind of answer and how big. */
async function request(s: WatchedServer, path: string, signal: AbortSignal, body?: FormData) {
  const res = await fetch(`${s.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: s.headers,
    body,
    signal,
  });
  const data = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  let note = `${type.split(';')[0]} ${amount(data.length)}`;
  if (!res.ok && type.includes('json'))
    note = String((JSON.parse(data.toString()) as { message?: string }).message);
  return { status: res.status, note: note.slice(0, 90) };
}

const upload = async (file: string, name: string, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', await openAsBlob(file, { type: name.endsWith('.png') ? 'image/png' : '' }), name);
  return form;
};
const post =
  (path: string, file: string, name: string, fields?: Record<string, string>): Send =>
  async (s, signal) =>
    request(s, path, signal, await upload(file, name, fields));
const get =
  (path: string): Send =>
  (s, signal) =>
    request(s, path, signal);

/** Sends one file and watches the server; a server that did not answer, or died, is replaced. */
async function measure(server: WatchedServer, file: string, send: Send) {
  await server.loopMax();
  server.resetPeak();
  const before = server.memory().rss;
  const cpu0 = server.cpuMs();
  const t0 = performance.now();
  const answer: { status: number; note: string; ms?: number } = await send(
    server,
    AbortSignal.timeout(TIMEOUT_MS),
  ).catch((err: Error) => {
    if (err.name === 'TimeoutError') return { status: 0, note: `no answer in ${TIMEOUT_MS / 1000} s` };
    const cause = (err.cause as { code?: string } | undefined)?.code ?? err.message;
    return { status: 0, note: `connection failed (${cause})` };
  });
  const ms = answer.ms ?? performance.now() - t0;
  const cpu = server.cpuMs() - cpu0;
  const stall = await server.loopMax();
  const { rss: after, peak } = server.memory();
  await sleep(SETTLE_MS);
  const settled = server.memory().rss;
  const ended = server.ended();
  return {
    file,
    status: answer.status || '—',
    'answer ms': fmt(ms, ms < 10 ? 1 : 0),
    'server CPU ms': Number.isNaN(cpu) ? '—' : fmt(cpu, 0),
    'longest loop stall ms': stall === null ? 'no probe answer' : fmt(stall, 0),
    'RSS before MiB': mib(before),
    'peak MiB': mib(peak),
    'after MiB': mib(after),
    'after 5 s MiB': mib(settled),
    answer: ended ? `server stopped: ${ended}` : answer.note,
  };
}

export async function benchHostileFiles(): Promise<Record<string, string | number>[]> {
  const checkout = checkoutDir();
  if (process.env.BENCH_NO_BUILD !== '1')
    run(checkout, [join(checkout, 'node_modules/typescript/bin/tsc'), '-b', 'server/tsconfig.build.json']);
  const { IMPORT_COLUMNS, RESULT_COLUMNS } = (await import(
    pathToFileURL(join(checkout, 'domain/dist/index.js')).href
  )) as Columns;
  const work = mkdtempSync(join(tmpdir(), 'sp-hostile-'));
  let dataDir = join(work, 'data-0');
  const studentId = seedDemo(checkout, dataDir);
  const start = async () => {
    try {
      return await startWatchedServer(checkout, dataDir);
    } catch {
      // A killed embedded database may not open again: the next file gets a new school.
      dataDir = `${dataDir}+`;
      seedDemo(checkout, dataDir);
      return startWatchedServer(checkout, dataDir);
    }
  };

  const students = (count: number, id: (i: number) => string) => {
    const path = join(work, `students-${count}-${id(1)}.csv`);
    const cells = (i: number): Record<string, string> => ({
      id: id(i),
      last_name: `Surname${i}`,
      first_name: `Given${i}`,
      class_id: '1A',
      date_of_birth: `1${i % 10}/0${(i % 9) + 1}/2013`,
      house_code: 'RED',
    });
    return writeCsv(
      path,
      IMPORT_COLUMNS.map((c) => c.label),
      count,
      (i) => IMPORT_COLUMNS.map((c) => cells(i)[c.name] ?? ''),
    ).then(() => path);
  };
  const normal = await students(2000, (i) => `B${String(i).padStart(5, '0')}`);
  const sameId = await students(10_000, () => 'H0001');
  const million = await students(1_000_000, (i) => `M${String(i).padStart(7, '0')}`);
  const pictures: Record<string, string> = {};
  for (const [kind, side] of [
    ['rgba', 20000],
    ['palette', 20000],
    ['transparent', 4000],
  ] as [PictureKind, number][])
    pictures[`${kind}${side}`] = await picture(kind, side);
  const bomb = await xlsxBomb(450_000_000);

  let server = await start();
  const json = async <T>(path: string) =>
    (await (await fetch(`${server.url}${path}`, { headers: server.headers })).json()) as T;
  type Term = { id: number; year: number; term: number; posted: number };
  const terms = await json<Term[]>('/api/terms');
  const open = terms.find((t) => !t.posted)!;
  const posted = terms.find((t) => t.posted)!;
  const list = await json<{
    subjects: { id: number; code: string }[];
    form_subjects: { subject_id: number; form_level: number }[];
  }>('/api/subjects');
  const subjectId = list.form_subjects.find((f) => f.form_level === 1)!.subject_id;
  const subject = list.subjects.find((s) => s.id === subjectId)!.code;
  const marks: Record<string, string | number> = {
    ...{ student_id: studentId, subject, course_mark: 50, exam_mark: 60, absences: 1, lateness: 0 },
    ...{ application: 'A', conduct: 'B', teacher_remark: 'Steady work.' },
  };
  const duplicates = join(work, 'results-10000.csv');
  await writeCsv(
    duplicates,
    RESULT_COLUMNS.map((c) => c.label),
    10_000,
    () => RESULT_COLUMNS.map((c) => marks[c.name] ?? ''),
  );
  const size = (path: string) => amount(statSync(path).size);
  const preview = '/api/students/import/preview';
  const photo = { id: studentId, file_type: 'picture' };
  const card = get(`/api/report-card/${studentId}/${posted.year}/${posted.term}`);

  const cases: [string, Send][] = [
    ['BASELINE bare route /api/health (median of 20; CPU, stall over all)', baselineHealth],
    [`BASELINE import preview, 2,000 students CSV (${size(normal)})`, post(preview, normal, 'students.csv')],
    ['import preview, 10,000 rows of one student ID', post(preview, sameId, 'students.csv')],
    [`import preview, 1,000,000 rows (${size(million)})`, post(preview, million, 'students.csv')],
    [
      'term results preview, 10,000 rows of one student and subject',
      post(`/api/terms/${open.id}/results/preview`, duplicates, 'results.csv'),
    ],
    [
      `passport photo 20000×20000 PNG (${size(pictures.rgba20000!)})`,
      post('/api/store-file', pictures.rgba20000!, 'photo.png', photo),
    ],
    ["registration form PDF of that photo's student", get(`/api/registration-form/${studentId}`)],
    [
      `logo 20000×20000 PNG (${size(pictures.rgba20000!)})`,
      post('/api/settings/logo', pictures.rgba20000!, 'logo.png'),
    ],
    [
      `logo 20000×20000 1-bit PNG, transparency in the palette (${size(pictures.palette20000!)})`,
      post('/api/settings/logo', pictures.palette20000!, 'logo.png'),
    ],
    ['report card PDF with the logo stored last', card],
    [
      `logo 4000×4000 transparent PNG (${size(pictures.transparent4000!)})`,
      post('/api/settings/logo', pictures.transparent4000!, 'logo.png'),
    ],
    ['report card PDF with the logo stored last', card],
    [`import preview, XLSX inflating to 450 MB (${size(bomb)})`, post(preview, bomb, 'students.xlsx')],
  ];
  const rows: Record<string, string | number>[] = [];
  try {
    for (const [file, send] of cases) {
      const row = await measure(server, file, send);
      rows.push(row);
      console.error(`${file}: ${row.status} in ${row['answer ms']} ms`);
      if (!server.alive() || row.status === '—') {
        await server.kill();
        server = await start();
      }
    }
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
  const commit = execFileSync('git', ['-C', checkout, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' });
  console.log(`\nhostile files against ${checkout} at ${commit.trim().slice(0, 100)}`);
  return rows;
}

/** 20 GETs of the bare route in a row; the answer time is their median. */
const baselineHealth: Send = async (s, signal) => {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    status = (await fetch(`${s.url}/api/health`, { signal }).then((r) => r.arrayBuffer().then(() => r)))
      .status;
    times.push(performance.now() - t0);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { status, ms: sorted[10]!, note: `slowest of 20: ${fmt(sorted[19]!, 1)} ms` };
};
