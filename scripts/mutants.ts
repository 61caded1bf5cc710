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
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mutants, type Mutant } from './mutant-list.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WORKSPACES = ['domain', 'server', 'web', 'e2e'];
/** Longest one mutant's tests may run (a mutant that hangs a test counts as killed, and says so). */
const TEST_TIMEOUT_SECONDS = 240;

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

/** Runs vitest on the given files in the copy, holding the shared lock; true when every test passed. */
function testsPass(
  copy: string,
  files: readonly string[],
  log: string,
): { pass: boolean; timedOut: boolean } {
  const run = spawnSync(
    'flock',
    ['/tmp/heavy.lock', 'timeout', String(TEST_TIMEOUT_SECONDS), 'node_modules/.bin/vitest', 'run', ...files],
    { cwd: copy, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' }, maxBuffer: 256 * 1024 * 1024 },
  );
  writeFileSync(log, `${run.stdout}\n${run.stderr}`);
  return { pass: run.status === 0, timedOut: run.status === 124 };
}

type Outcome = 'killed' | 'survived' | 'could not apply';

function occurrences(text: string, find: string): number {
  return text.split(find).length - 1;
}

function tryMutant(copy: string, m: Mutant, index: number): { outcome: Outcome; note: string } {
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
    const { pass, timedOut } = testsPass(copy, m.tests, log);
    if (pass) return { outcome: 'survived', note: `the tests passed (--keep keeps ${log})` };
    return { outcome: 'killed', note: timedOut ? `tests timed out after ${TEST_TIMEOUT_SECONDS} s` : '' };
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
  const rows: { mutant: string; file: string; result: Outcome; seconds: string; note: string }[] = [];
  try {
    // Unchanged, the same tests must pass, or a "killed" below would mean nothing.
    const allTests = [...new Set(chosen.flatMap((m) => m.tests))].filter((t) => existsSync(join(copy, t)));
    const baseline = testsPass(copy, allTests, join(copy, 'baseline.log'));
    console.log(`baseline (no mutant, ${allTests.length} test files): ${baseline.pass ? 'pass' : 'FAIL'}`);
    if (!baseline.pass) {
      console.error(`The tests fail without any mutant; see ${join(copy, 'baseline.log')}`);
      return 1;
    }
    chosen.forEach((m, i) => {
      const t0 = Date.now();
      const { outcome, note } = tryMutant(copy, m, i);
      const seconds = ((Date.now() - t0) / 1000).toFixed(0);
      if (outcome === 'could not apply') console.error(`could not apply mutant "${m.name}": ${note}`);
      console.log(`${outcome.padEnd(15)} ${seconds.padStart(4)} s  ${m.name}`);
      rows.push({ mutant: m.name, file: m.file, result: outcome, seconds, note });
    });
  } finally {
    if (!keep) rmSync(copy, { recursive: true, force: true });
  }
  console.table(rows);
  const killed = rows.filter((r) => r.result === 'killed').length;
  console.log(`${killed} of ${rows.length} killed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return killed === rows.length ? 0 : 1;
}

process.exitCode = main();
