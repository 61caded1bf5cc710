import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rm, unlink } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { desc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { writeAudit } from '../audit/audit.js';
import { fileStoreKind, type Config } from '../config.js';
import { openDatabase, type Database, type Db } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import { uploadsFolder, type FileStore } from '../storage/file-store.js';
import { openFileStore } from '../storage/open-file-store.js';
import { wallClock } from './nightly.js';
import {
  BackupError,
  listBackups,
  restoreBackup,
  runProgram,
  verifyBackup,
  writeBackup,
} from './backup-archive.js';

export const backupsFolder = (dataDir: string): string => join(dataDir, 'backups');
const NIGHTLY = 'nightly-';

/** The last backup taken, from its audit row (every process and machine sees the same). */
export async function latestBackup(
  db: Db,
): Promise<{ at: Date; size_bytes: number; file: string; kind: string } | null> {
  const [row] = await db
    .select({ at: auditLog.at, detail: auditLog.detail })
    .from(auditLog)
    .where(eq(auditLog.action, 'backup'))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  if (!row) return null;
  const detail = row.detail as { size_bytes: number; file: string; kind: string };
  return { at: row.at, size_bytes: detail.size_bytes, file: detail.file, kind: detail.kind };
}

/** Takes one backup into `target` and records it (audit row `backup`, by the system). */
export async function takeBackup(
  config: Config,
  database: Database,
  files: FileStore,
  target: string,
  kind: 'nightly' | 'manual',
  clock: () => Date = () => new Date(),
): Promise<{ size: number; ms: number }> {
  const started = clock();
  const t0 = performance.now();
  const size = await writeBackup(target, {
    database,
    url: config.DATABASE_URL,
    files,
    filesInDatabase: fileStoreKind(config) === 'database',
    now: started,
  });
  const ms = Math.round(performance.now() - t0);
  await writeAudit(database.db, {
    action: 'backup',
    actorKind: 'system',
    detail: { file: basename(target), size_bytes: size, kind, ms },
    at: clock(),
  });
  return { size, ms };
}

/** The nightly backup: one archive under DATA_DIR/backups, then only the newest BACKUP_KEEP are kept. */
export async function nightlyBackup(
  config: Config,
  database: Database,
  files: FileStore,
  now: Date,
  clock: () => Date = () => now,
): Promise<string> {
  const folder = backupsFolder(config.DATA_DIR);
  const stamp = localStamp(now, config.SCHOOL_TIMEZONE);
  const target = join(folder, `${NIGHTLY}${stamp}.tar.gz`);
  await takeBackup(config, database, files, target, 'nightly', clock);
  const old = (await listBackups(folder, NIGHTLY)).slice(config.BACKUP_KEEP);
  for (const name of old) await unlink(join(folder, name));
  return target;
}

/** 2026-11-22T020000 in the school's time zone: sorts by time, safe in a file name. */
const localStamp = (at: Date, timeZone: string): string =>
  wallClock(at, timeZone).toISOString().slice(0, 19).replace(/:/g, '');

/** Whether a PostgreSQL database already holds a school (any student or audit row). */
async function postgresHasData(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ t: string | null }>("select to_regclass('public.students') as t");
    if (!rows[0]?.t) return false;
    const counts = await client.query<{ n: string }>(
      'select (select count(*) from students) + (select count(*) from audit_log) as n',
    );
    return Number(counts.rows[0]?.n) > 0;
  } finally {
    await client.end();
  }
}

const hasEntries = (folder: string) => existsSync(folder) && readdirSync(folder).length > 0;

/**
 * `npm run cli -- restore FILE`: checks the whole archive first, refuses a data folder (or PostgreSQL
 * database) that already holds a school unless `force`, then puts back the database and the documents.
 */
export async function restoreFromFile(
  config: Config,
  file: string,
  options: { force: boolean; now: Date },
): Promise<{ files: number }> {
  const manifest = await verifyBackup(file);
  const engine: Database['kind'] = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.engine !== engine) {
    throw new BackupError(
      engine === 'postgres'
        ? 'This backup is of the embedded database: restore it without DATABASE_URL, into DATA_DIR.'
        : 'This backup is of a PostgreSQL database: restore it with DATABASE_URL set.',
    );
  }
  const dbFolder = resolve(config.DATA_DIR, 'db');
  const uploads = uploadsFolder(config.DATA_DIR);
  const occupied = config.DATABASE_URL
    ? await postgresHasData(config.DATABASE_URL)
    : hasEntries(dbFolder) || hasEntries(uploads);
  if (occupied && !options.force) {
    throw new BackupError(
      config.DATABASE_URL
        ? 'The database already holds a school. Restore into an empty database, or add --force to replace it.'
        : `${config.DATA_DIR} already holds a school. Restore into an empty data folder, or add --force to replace it.`,
    );
  }
  if (occupied && !config.DATABASE_URL) {
    await rm(dbFolder, { recursive: true, force: true });
    await rm(uploads, { recursive: true, force: true });
  }

  let database: Database | undefined;
  let files: FileStore | undefined;
  try {
    const count = await restoreBackup(file, {
      async database({ engine: kind, data }) {
        if (kind === 'pglite') {
          await mkdir(config.DATA_DIR, { recursive: true });
          const restored = await PGlite.create({
            dataDir: dbFolder,
            loadDataDir: new Blob([data as Buffer]),
          });
          await restored.close();
        } else {
          await runProgram('pg_restore', [
            '--clean',
            '--if-exists',
            '--no-owner',
            '--no-privileges',
            '--single-transaction',
            `--dbname=${config.DATABASE_URL}`,
            data as string,
          ]);
        }
        database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
        // A backup from an older version is brought up to this one.
        await database.migrate();
        files = openFileStore(config, database.db);
      },
      async file(key, data) {
        if (!files)
          throw new BackupError(`${file} lists documents before its database; it was not restored.`);
        await files.put(key, data);
      },
    });
    if (!database) throw new BackupError(`${file} holds no database; nothing was restored.`);
    await writeAudit(database.db, {
      action: 'restore',
      actorKind: 'system',
      detail: { file: basename(file), created_at: manifest.created_at, files: count },
      at: options.now,
    });
    return { files: count };
  } finally {
    await database?.close();
  }
}

/** How many rows a restored school has, for the command's closing line. */
export async function schoolCounts(db: Db): Promise<{ students: number; documents: number; audit: number }> {
  const result = await db.execute<{ students: number; documents: number; audit: number }>(
    sql`select (select count(*)::int from students) as students, (select count(*)::int from uploaded_files) as documents, (select count(*)::int from audit_log) as audit`,
  );
  return (result as { rows: { students: number; documents: number; audit: number }[] }).rows[0]!;
}
