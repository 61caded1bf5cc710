import type { FastifyBaseLogger } from 'fastify';
import { systemClock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { unsubscribeKey } from '../../mail/unsubscribe.js';
import { systemActor } from '../../plugins/auth.js';
import { loadSessionSecret } from '../../secrets.js';
import { openFileStore } from '../../storage/open-file-store.js';
import { importStudents, previewImport, type ImportFile } from './import-students.js';

const noop = () => undefined;
/** Rows with errors the report lists; the rest are counted. */
const LISTED = 1000;
const quiet = {
  level: 'silent',
  ...Object.fromEntries(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((k) => [k, noop])),
  child: () => quiet,
} as unknown as FastifyBaseLogger;

/**
 * `npm run cli -- import-students FILE`: the import staff confirm in the staff area, as the system. Returns
 * the report to print: each row left out and why, then the counts.
 */
export async function importFromFile(db: Db, config: Config, file: ImportFile): Promise<string> {
  const ctx: AppContext = {
    db,
    clock: systemClock,
    config,
    files: openFileStore(config, db),
    log: quiet,
    mailKey: unsubscribeKey(loadSessionSecret(config.DATA_DIR, config.SESSION_SECRET)),
  };
  const actor = systemActor();
  const { rows, total } = await previewImport(ctx, file, { status: 'error', pageSize: LISTED });
  const problems = rows.map(
    (r) => `  row ${r.line}${r.id ? ` (${r.id})` : ''}: ${r.errors.map((e) => e.message).join(' ')}`,
  );
  if (total > rows.length) problems.push(`  … and ${total - rows.length} more`);
  const { message } = await importStudents(ctx, actor, file);
  return [...(problems.length ? ['Rows not imported:', ...problems] : []), message].join('\n');
}
