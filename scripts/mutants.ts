/**
 * `npm run mutants`: small breakages of rules that matter (a guard, a boundary, a session), each applied to a
 * copy of the working tree and checked against the tests that should catch it. A mutant the tests miss
 * ("survived") means a rule nothing proves; a mutant whose text is no longer in its file ("could not apply")
 * means the list must follow the code. Exit 0 only when every mutant is applied and killed.
 *
 * The working tree is never changed: the copy gets its own node_modules whose packages link to this one's,
 * except the workspace links (@sp/domain …), which point at the copy's own folders so a mutant in domain/ is
 * the code the tests run. Each mutant's test run holds /tmp/heavy.lock (the machine is shared).
 *
 *   npm run mutants [-- --only <name part>] [--keep]
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mutants, type Mutant } from './mutant-list.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WORKSPACES = ['domain', 'server', 'web', 'e2e'];
/** Longest one mutant's tests may run (a mutant that hangs a test counts as killed, and says so). */
const TEST_TIMEOUT_SECONDS = 300;
/** Longest the run of every listed test file without a mutant may take (a loaded machine is slow). */
const BASELINE_TIMEOUT_SECONDS = 1200;

/** The files git tracks or would track (others' unsaved-to-git work included), as they are on disk. */
function copyWorkingTree(to: string): void {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const path of new Set(listed.stdout.split('\0').filter(Boolean))) {
    const from = join(ROOT, path);
    if (!existsSync(from) || !lstatSync(from).isFile()) continue; // deleted in the working tree
    mkdirSync(dirname(join(to, path)), { recursive: true });
    copyFileSync(from, join(to, path));
  }
}

/**
 * A node_modules of links to the original's packages, in a real folder so caches (.vite) land in the copy;
 * `@sp/*` links to the copy's workspaces instead of the original's.
 */
function linkNodeModules(copy: string, folder: string): void {
  const source = join(ROOT, folder, 'node_modules');
  if (!existsSync(source)) return;
  const target = join(copy, folder, 'node_modules');
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(source)) {
    if (entry.startsWith('.vite') || entry === '.cache') continue;
    if (entry === '@sp') {
      mkdirSync(join(target, '@sp'));
      for (const ws of readdirSync(join(source, '@sp'))) symlinkSync(join(copy, ws), join(target, '@sp', ws));
    } else {
      symlinkSync(join(source, entry), join(target, entry));
    }
  }
}

function prepareCopy(): string {
  const copy = mkdtempSync(join(tmpdir(), 'sp-mutants-'));
  copyWorkingTree(copy);
  linkNodeModules(copy, '.');
  for (const ws of WORKSPACES) linkNodeModules(copy, ws);
  const domain = realpathSync(join(copy, 'node_modules', '@sp', 'domain'));
  if (domain !== join(copy, 'domain'))
    throw new Error(`@sp/domain resolves to ${domain}, not the copy's domain`);
  return copy;
}

interface TestRun {
  pass: boolean;
  timedOut: boolean;
  /** Seconds spent waiting for the shared lock, and running the tests once it was held. */
  waited: number;
  ran: number;
}

/** Runs vitest on the given files in the copy, holding the shared lock; `pass` when every test passed. */
function runTests(
  copy: string,
  files: readonly string[],
  log: string,
  { extra = [] as string[], seconds = TEST_TIMEOUT_SECONDS } = {},
): TestRun {
  const stamp = `${log}.start`;
  const started = Date.now();
  // The lock's holder writes when it got the lock, so waiting for others is not counted as our run time.
  const script = `date +%s%3N > "$0"; exec timeout ${seconds} node_modules/.bin/vitest run "$@"`;
  const run = spawnSync('flock', ['/tmp/heavy.lock', 'sh', '-c', script, stamp, ...extra, ...files], {
    cwd: copy,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
    maxBuffer: 256 * 1024 * 1024,
  });
  const ended = Date.now();
  writeFileSync(log, `${run.stdout}\n${run.stderr}`);
  const locked = existsSync(stamp) ? Number(readFileSync(stamp, 'utf8')) : started;
  return {
    pass: run.status === 0,
    timedOut: run.status === 124,
    waited: (locked - started) / 1000,
    ran: (ended - locked) / 1000,
  };
}

/** The test files that failed in vitest's JSON report. */
function failingFiles(copy: string, report: string, pass: boolean): string[] {
  if (pass) return [];
  if (!existsSync(report)) {
    const log = readFileSync(join(copy, 'baseline.log'), 'utf8').split('\n');
    throw new Error(`vitest did not run:\n${log.slice(-30).join('\n')}`);
  }
  const results = (
    JSON.parse(readFileSync(report, 'utf8')) as { testResults: { name: string; status: string }[] }
  ).testResults;
  return results.filter((r) => r.status !== 'passed').map((r) => relative(copy, r.name));
}

type Outcome = 'killed' | 'survived' | 'could not apply';

function occurrences(text: string, find: string): number {
  return text.split(find).length - 1;
}

function tryMutant(
  copy: string,
  m: Mutant,
  index: number,
): { outcome: Outcome; note: string; run?: TestRun } {
  const file = join(copy, m.file);
  if (!existsSync(file)) return { outcome: 'could not apply', note: `${m.file} does not exist` };
  const original = readFileSync(file, 'utf8');
  const found = occurrences(original, m.find);
  if (found !== 1) {
    const why = found === 0 ? 'its text is not in' : `its text is ${found} times in`;
    return { outcome: 'could not apply', note: `${why} ${m.file}` };
  }
  const missing = m.tests.filter((t) => !existsSync(join(copy, t)));
  if (missing.length) return { outcome: 'could not apply', note: `no test file ${missing.join(', ')}` };
  writeFileSync(file, original.replace(m.find, m.replace));
  const log = join(copy, `mutant-${index + 1}.log`);
  try {
    const run = runTests(copy, m.tests, log);
    if (run.pass) return { outcome: 'survived', note: `the tests passed (--keep keeps ${log})`, run };
    return {
      outcome: 'killed',
      note: run.timedOut ? `tests timed out after ${TEST_TIMEOUT_SECONDS} s` : '',
      run,
    };
  } finally {
    writeFileSync(file, original);
  }
}

function main(): number {
  const args = process.argv.slice(2);
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const keep = args.includes('--keep');
  const chosen = only ? mutants.filter((m) => m.name.includes(only)) : mutants;
  const started = Date.now();
  const copy = prepareCopy();
  console.log(`copy of the working tree: ${copy}`);
  const rows: { mutant: string; result: Outcome; 'tests s': string; 'lock wait s': string; note: string }[] =
    [];
  let waited = 0;
  try {
    // Unchanged, the same tests must pass, or a "killed" below would mean nothing.
    const allTests = [...new Set(chosen.flatMap((m) => m.tests))].filter((t) => existsSync(join(copy, t)));
    const report = join(copy, 'baseline.json');
    const baseline = runTests(copy, allTests, join(copy, 'baseline.log'), {
      extra: ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
      seconds: BASELINE_TIMEOUT_SECONDS,
    });
    waited += baseline.waited;
    const broken = failingFiles(copy, report, baseline.pass);
    console.log(
      `baseline (no mutant, ${allTests.length} test files): ${broken.length ? `FAIL in ${broken.join(', ')}` : 'pass'} in ${baseline.ran.toFixed(0)} s`,
    );
    chosen.forEach((m, i) => {
      const unsure = m.tests.filter((t) => broken.includes(t));
      const { outcome, note, run } = unsure.length
        ? { outcome: 'could not apply' as const, note: `${unsure.join(', ')} fails without the mutant` }
        : tryMutant(copy, m, i);
      waited += run?.waited ?? 0;
      const ran = (run?.ran ?? 0).toFixed(0);
      if (outcome === 'could not apply')
        console.error(`could not apply mutant "${m.name}" (${m.file}): ${note}`);
      console.log(`${outcome.padEnd(15)} ${ran.padStart(4)} s  ${m.name}`);
      const lockWait = (run?.waited ?? 0).toFixed(0);
      rows.push({ mutant: m.name, result: outcome, 'tests s': ran, 'lock wait s': lockWait, note });
    });
  } finally {
    if (!keep) rmSync(copy, { recursive: true, force: true });
  }
  console.table(rows);
  const killed = rows.filter((r) => r.result === 'killed').length;
  const total = (Date.now() - started) / 1000;
  console.log(
    `${killed} of ${rows.length} killed in ${total.toFixed(0)} s (${waited.toFixed(0)} s of it waiting for the shared lock)`,
  );
  return killed === rows.length ? 0 : 1;
}

process.exitCode = main();
