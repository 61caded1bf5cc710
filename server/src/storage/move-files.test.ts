import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { openTestDatabase } from '../test/test-database.js';
import { DatabaseFileStore } from './database-file-store.js';
import { LocalFileStore, type FileData, type FileStore } from './file-store.js';
import { moveFiles } from './move-files.js';

let database: Database;
let folder: string;
let disk: LocalFileStore;
let db: DatabaseFileStore;
beforeAll(async () => {
  database = await openTestDatabase();
  folder = mkdtempSync(join(tmpdir(), 'sp-move-'));
  disk = new LocalFileStore(folder);
  db = new DatabaseFileStore(database.db);
});
afterAll(async () => {
  await database.close();
  rmSync(folder, { recursive: true, force: true });
});

const keysOf = async (store: FileStore) => {
  const keys: string[] = [];
  for await (const key of store.keys()) keys.push(key);
  return keys.sort();
};

/** A target that fails on its nth write, as a move stopped half-way (a crash, a lost connection). */
class FailingOnce implements FileStore {
  private writes = 0;
  constructor(
    private readonly inner: FileStore,
    private readonly failAt: number,
  ) {}
  async put(key: string, data: FileData) {
    this.writes += 1;
    if (this.writes === this.failAt) throw new Error('connection lost');
    return this.inner.put(key, data);
  }
  read = (key: string) => this.inner.read(key);
  size = (key: string) => this.inner.size(key);
  remove = (key: string) => this.inner.remove(key);
  keys = () => this.inner.keys();
}

describe('moving files between stores', () => {
  const files = new Map(
    ['A1/picture-1.png', 'A1/sea_slip-2.pdf', 'B2/birth_certificate-3.pdf', 'C3/picture-4.jpg'].map(
      (k, i) => [k, randomBytes(1000 + i * 300_000)] as const,
    ),
  );

  it('moves disk → database, resumes after a failure, and a second run does nothing', async () => {
    for (const [key, data] of files) await disk.put(key, data);
    await expect(moveFiles(disk, new FailingOnce(db, 3))).rejects.toThrow('connection lost');
    // Two moved before the failure; the rest are still on disk, nothing is lost.
    expect((await keysOf(disk)).length + (await keysOf(db)).length).toBe(files.size);

    const resumed = await moveFiles(disk, db);
    expect(resumed.moved).toBe(2);
    expect(await keysOf(disk)).toEqual([]);
    expect(await keysOf(db)).toEqual([...files.keys()].sort());
    for (const [key, data] of files)
      expect((await buffer((await db.read(key)).stream)).equals(data)).toBe(true);

    expect(await moveFiles(disk, db)).toEqual({ moved: 0, alreadyThere: 0, bytes: 0 });
  });

  it('finishes a move stopped after the copy but before the removal', async () => {
    const [key, data] = [...files][0]!;
    await disk.put(key, data); // as if a run had copied it to the database and stopped
    const report = await moveFiles(disk, db);
    expect(report).toMatchObject({ moved: 0, alreadyThere: 1 });
    expect(await keysOf(disk)).toEqual([]);
  });

  it('moves database → disk byte for byte', async () => {
    const report = await moveFiles(db, disk);
    expect(report.moved).toBe(files.size);
    expect(await keysOf(db)).toEqual([]);
    for (const [key, data] of files)
      expect((await buffer((await disk.read(key)).stream)).equals(data)).toBe(true);
  });
});
