import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { Database } from '../db/client.js';
import type { FileStore } from '../storage/file-store.js';

/**
 * One archive holds a school: a gzip'd tar of the database (PGlite's data folder, or pg_dump's custom
 * format on PostgreSQL), the documents when they live on disk (in the database they are in its dump), and
 * last a manifest with each entry's size and SHA-256, so a damaged or cut-off archive is refused whole.
 */
export const FORMAT = 'student-portal-backup';
export const VERSION = 1;
const MANIFEST = 'manifest.json';
const PGLITE_ENTRY = 'database/pglite-data.tar.gz';
const POSTGRES_ENTRY = 'database/postgres.dump';
const FILES = 'files/';

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  created_at: string;
  engine: Database['kind'];
  files_in_database: boolean;
  entries: Record<string, { size: number; sha256: string }>;
}

/** A backup that cannot be used; its message says why, for the person at the command line. */
export class BackupError extends Error {}

export interface BackupSource {
  database: Database;
  /** DATABASE_URL, for pg_dump. */
  url?: string | undefined;
  files: FileStore;
  /** The documents are rows of the database (FILE_STORE=database): its dump holds them. */
  filesInDatabase: boolean;
  now: Date;
}

/** A store that can hold removals back while the files are copied (the running server's). */
interface Holding {
  holdingRemovals<T>(work: () => Promise<T>): Promise<T>;
}
const holds = (files: FileStore): files is FileStore & Holding => 'holdingRemovals' in files;

/** Runs a PostgreSQL client program; its error output becomes the message when it fails. */
export function runProgram(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
    child.on('error', (err) =>
      reject(
        new BackupError(`${program} could not be started (${err.message}); install the PostgreSQL client.`),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${program} failed: ${errors.trim() || `exit ${code}`}`)),
    );
  });
}

/** Adds one entry, hashing it on the way, and records it in the manifest. */
async function addEntry(pack: tar.Pack, manifest: Manifest, name: string, size: number, data: Readable) {
  const hash = createHash('sha256');
  const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date(manifest.created_at) });
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(data, tap, entry);
  manifest.entries[name] = { size, sha256: hash.digest('hex') };
}

/**
 * Writes the archive to `target` (beside it first, renamed when complete, so a half-written backup never
 * looks like one). Documents are copied after the database with removals held back, so every file the
 * dump names is in the archive. Returns the archive's size in bytes.
 */
export async function writeBackup(target: string, source: BackupSource): Promise<number> {
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  const partial = `${target}.partial`;
  const manifest: Manifest = {
    format: FORMAT,
    version: VERSION,
    created_at: source.now.toISOString(),
    engine: source.database.kind,
    files_in_database: source.filesInDatabase,
    entries: {},
  };
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(partial, { mode: 0o600 }));
  const work = async () => {
    if (source.database.kind === 'pglite') {
      const dump = Buffer.from(await (await source.database.dumpDataDir!()).arrayBuffer());
      await addEntry(pack, manifest, PGLITE_ENTRY, dump.length, Readable.from([dump]));
    } else {
      const folder = await mkdtemp(join(tmpdir(), 'sp-backup-'));
      try {
        const file = join(folder, 'postgres.dump');
        await runProgram('pg_dump', [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--file=${file}`,
          `--dbname=${source.url}`,
        ]);
        await addEntry(pack, manifest, POSTGRES_ENTRY, (await stat(file)).size, createReadStream(file));
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    }
    if (source.filesInDatabase) return;
    const keys: string[] = [];
    for await (const key of source.files.keys()) keys.push(key);
    for (const key of keys) {
      const { stream, size } = await source.files.read(key);
      await addEntry(pack, manifest, FILES + key, size, stream);
    }
  };
  try {
    await (holds(source.files) ? source.files.holdingRemovals(work) : work());
    const text = Buffer.from(JSON.stringify(manifest, null, 2));
    await addEntry(pack, { ...manifest, entries: {} }, MANIFEST, text.length, Readable.from([text]));
    pack.finalize();
    await written;
    await rename(partial, target);
  } catch (err) {
    pack.destroy();
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw err;
  }
  return (await stat(target)).size;
}

/** Reads every entry of an archive in order; `visit` must consume or drain the entry's stream. */
async function eachEntry(file: string, visit: (name: string, size: number, data: Readable) => Promise<void>) {
  if (!existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  try {
    for await (const entry of extract) {
      // tar-stream's entries are streamx streams: async-iterable and pipeline-compatible.
      await visit(entry.header.name, entry.header.size ?? 0, entry as unknown as Readable);
      entry.resume();
    }
    await reading;
  } catch (err) {
    extract.destroy();
    await reading.catch(() => undefined);
    if (err instanceof BackupError) throw err;
    throw new BackupError(
      `${file} is damaged or incomplete (${(err as Error).message}); it was not restored.`,
    );
  }
}

/** Checks every entry against the manifest; answers the manifest of a whole, undamaged archive. */
export async function verifyBackup(file: string): Promise<Manifest> {
  const seen: Record<string, { size: number; sha256: string }> = {};
  let manifest: Manifest | undefined;
  await eachEntry(file, async (name, _size, data) => {
    const hash = createHash('sha256');
    let size = 0;
    const parts: Buffer[] = [];
    for await (const chunk of data as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
      if (name === MANIFEST) parts.push(chunk);
    }
    if (name === MANIFEST) {
      try {
        manifest = JSON.parse(Buffer.concat(parts).toString('utf8')) as Manifest;
      } catch {
        throw new BackupError(`${file} has an unreadable manifest; it was not restored.`);
      }
    } else seen[name] = { size, sha256: hash.digest('hex') };
  });
  if (!manifest || manifest.format !== FORMAT) {
    throw new BackupError(
      `${file} is not a complete Student Portal backup (no manifest at its end); it was not restored.`,
    );
  }
  if (manifest.version > VERSION)
    throw new BackupError(`${file} was made by a newer Student Portal; update first.`);
  const names = new Set([...Object.keys(manifest.entries), ...Object.keys(seen)]);
  for (const name of names) {
    const want = manifest.entries[name];
    const got = seen[name];
    if (!want || !got || want.size !== got.size || want.sha256 !== got.sha256) {
      throw new BackupError(`${file} is damaged: ${name} does not match its checksum; it was not restored.`);
    }
  }
  return manifest;
}

export interface RestoreTarget {
  /** Puts the database in place from its entry (PGlite's tarball or pg_dump's file). */
  database(entry: { engine: Database['kind']; data: Buffer | string }): Promise<void>;
  /** Stores one document. */
  file(key: string, data: Readable): Promise<void>;
}

/**
 * Restores a verified archive: the database first, then each document. pg_dump's file goes through a temporary
 * file for pg_restore; PGlite's tarball is small enough to pass in memory.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<number> {
  const folder = await mkdtemp(join(tmpdir(), 'sp-restore-'));
  let files = 0;
  try {
    await eachEntry(file, async (name, _size, data) => {
      if (name === PGLITE_ENTRY) {
        const parts: Buffer[] = [];
        for await (const chunk of data as AsyncIterable<Buffer>) parts.push(chunk);
        await target.database({ engine: 'pglite', data: Buffer.concat(parts) });
      } else if (name === POSTGRES_ENTRY) {
        const dump = join(folder, 'postgres.dump');
        await pipeline(data, createWriteStream(dump));
        await target.database({ engine: 'postgres', data: dump });
      } else if (name.startsWith(FILES)) {
        await target.file(name.slice(FILES.length), data);
        files += 1;
      }
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  return files;
}

/** The nightly archives in a folder, newest first. */
export async function listBackups(folder: string, prefix: string): Promise<string[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  return names
    .filter((n) => n.startsWith(prefix) && n.endsWith('.tar.gz'))
    .sort()
    .reverse();
}
