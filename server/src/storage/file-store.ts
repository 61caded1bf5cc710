import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors.js';

/** What a store is given: the bytes at hand, or a stream it reads once (moving and restoring files). */
export type FileData = Buffer | Readable;

/**
 * Where uploaded documents live. Keys are made by the server (never from a user's file name). Two stores
 * implement it: local disk (one machine) and PostgreSQL (several machines sharing one database, D27).
 * `put` on a key that exists replaces its content whole; a reader never sees half of a file.
 */
export interface FileStore {
  put(key: string, data: FileData): Promise<void>;
  /** The file as a stream; a missing key throws FileMissingError (404). */
  read(key: string): Promise<{ stream: Readable; size: number }>;
  /** The size of a stored file, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removing a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Every stored key. */
  keys(): AsyncIterable<string>;
}

/** A file the database lists but the store does not hold: 404, not a server error. */
export class FileMissingError extends AppError {
  constructor(readonly key: string) {
    super(404, 'The file of this document is missing. Please upload it again.');
  }
}

/** Names of files being written; never listed, never read. */
const PARTIAL = '.partial-';

export class LocalFileStore implements FileStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    const full = resolve(this.root, key);
    // Keys are server-made, but a store never reaches outside its folder whatever it is given.
    if (!full.startsWith(this.root + sep) || full.includes(PARTIAL))
      throw new Error(`Invalid storage key: ${key}`);
    return full;
  }

  /** Written beside its final name, then renamed: a replaced file is swapped whole. */
  async put(key: string, data: FileData): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const partial = `${path}${PARTIAL}${randomUUID()}`;
    try {
      if (Buffer.isBuffer(data)) await writeFile(partial, data, { mode: 0o600, flag: 'wx' });
      else await pipeline(data, createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
      await rename(partial, path);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  async read(key: string): Promise<{ stream: Readable; size: number }> {
    const path = this.path(key);
    const size = await this.size(key);
    if (size === null) throw new FileMissingError(key);
    return { stream: createReadStream(path), size };
  }

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.path(key));
      return info.isFile() ? info.size : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async *keys(): AsyncIterable<string> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.includes(PARTIAL)) continue;
      yield relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/');
    }
  }
}

export const uploadsFolder = (dataDir: string): string => join(dataDir, 'uploads');

/**
 * Cuts data into pieces of `size` bytes (the last may be shorter). A buffer is sliced without copying; a
 * stream is gathered one piece at a time, so no more than one piece is held beyond what the stream holds.
 */
export async function* pieces(data: FileData, size: number): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(data)) {
    for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
    return;
  }
  let held: Buffer[] = [];
  let length = 0;
  for await (const part of data as AsyncIterable<Buffer | string>) {
    let rest = typeof part === 'string' ? Buffer.from(part) : part;
    while (length + rest.length >= size) {
      const take = size - length;
      yield held.length ? Buffer.concat([...held, rest.subarray(0, take)]) : rest.subarray(0, take);
      held = [];
      length = 0;
      rest = rest.subarray(take);
    }
    if (rest.length) {
      held.push(rest);
      length += rest.length;
    }
  }
  if (length) yield Buffer.concat(held);
}
