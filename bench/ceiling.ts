/**
 * The database's own rate for the statements of one field save, measured in the same run as the app:
 * one session read, then BEGIN; SELECT … FOR UPDATE; UPDATE one column; INSERT one audit row; COMMIT.
 * On PGlite a loop in this process over the bench's on-disk folder (fsync on, as the server opens it);
 * on PostgreSQL `pgbench` with the same statements as a script.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../server/src/db/client.js';
import { benchStudentId, type BenchDatabase } from './production.js';

export interface Ceiling {
  perSecond: number;
  how: string;
}

export async function pgliteCeiling(
  db: BenchDatabase,
  studentCount: number,
  seconds: number,
): Promise<Ceiling> {
  const database = await openDatabase({ dataDir: db.dataDir });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  let done = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  while (performance.now() < until) {
    const id = benchStudentId(done % studentCount);
    await client.query('select data, expires_at from sessions where student_id = $1 limit 1', [id]);
    await client.transaction(async (tx) => {
      await tx.query('select home_address from students where id = $1 for update', [id]);
      await tx.query('update students set home_address = $1, updated_at = now() where id = $2', [
        `ceiling ${done}`,
        id,
      ]);
      await tx.query(
        `insert into audit_log (at, actor_kind, actor_id, action, student_id, field, old_value, new_value)
         values (now(), 'student', $1, 'student_update', $1, 'home_address', 'a', 'b')`,
        [id],
      );
    });
    done++;
  }
  const perSecond = done / ((performance.now() - started) / 1000);
  await database.close();
  return { perSecond, how: 'the statements in a loop over the same PGlite folder' };
}

export function pgbenchCeiling(
  db: BenchDatabase,
  studentCount: number,
  connections: number,
  seconds: number,
): Ceiling {
  const dir = mkdtempSync(join(tmpdir(), 'sp-pgbench-'));
  const script = join(dir, 'save.sql');
  const first = Number(benchStudentId(0).slice(1));
  writeFileSync(
    script,
    `\\set n random(${first}, ${first + studentCount - 1})
SELECT data, expires_at FROM sessions WHERE student_id = 'S' || :n LIMIT 1;
BEGIN;
SELECT home_address FROM students WHERE id = 'S' || :n FOR UPDATE;
UPDATE students SET home_address = 'pgbench ' || random(), updated_at = now() WHERE id = 'S' || :n;
INSERT INTO audit_log (at, actor_kind, actor_id, action, student_id, field, old_value, new_value) VALUES (now(), 'student', 'S' || :n, 'student_update', 'S' || :n, 'home_address', 'a', 'b');
COMMIT;
`,
  );
  const out = execFileSync(
    join(db.pgBin!, 'pgbench'),
    ['-n', '-f', script, '-c', String(connections), '-j', '2', '-T', String(seconds), db.url!],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  rmSync(dir, { recursive: true, force: true });
  const tps = /tps = ([\d.]+)/.exec(out);
  if (!tps) throw new Error(`pgbench printed no rate:\n${out}`);
  return {
    perSecond: Number(tps[1]),
    how: `pgbench -c ${connections} -j 2, the same statements as a script`,
  };
}
