import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { storedFilePieces } from '../db/schema.js';
import { eq } from 'drizzle-orm';
import { openTestDatabase } from '../test/test-database.js';
import { DatabaseFileStore, PIECE_BYTES } from './database-file-store.js';
import { FileMissingError, LocalFileStore, type FileStore } from './file-store.js';

/** The same contract for every store (D27): what the documents feature, backups and moves rely on. */
describe.each(['disk', 'database'] as const)('%s file store', (kind) => {
  let store: FileStore;
  let database: Database | undefined;
  let folder: string | undefined;
  beforeAll(async () => {
    if (kind === 'disk') {
      folder = mkdtempSync(join(tmpdir(), 'sp-store-'));
      store = new LocalFileStore(folder);
    } else {
      database = await openTestDatabase();
      store = new DatabaseFileStore(database.db);
    }
  });
  afterAll(async () => {
    await database?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const content = async (key: string) => {
    const { stream, size } = await store.read(key);
    const bytes = await buffer(stream);
    expect(bytes.length).toBe(size);
    return bytes;
  };

  it('puts a file and reads it back as a stream with its size', async () => {
    const data = Buffer.from('%PDF-1.4 a small document');
    await store.put('S1/picture-a.pdf', data);
    const { stream, size } = await store.read('S1/picture-a.pdf');
    expect(stream).toBeInstanceOf(Readable);
    expect(size).toBe(data.length);
    expect(await buffer(stream)).toEqual(data);
    expect(await store.size('S1/picture-a.pdf')).toBe(data.length);
  });

  it('replaces a file whole when the key is written again', async () => {
    await store.put('S1/replace.pdf', randomBytes(PIECE_BYTES * 2 + 5));
    const second = Buffer.from('shorter');
    await store.put('S1/replace.pdf', second);
    same(await content('S1/replace.pdf'), second);
  });

  it('removes a file; removing again is no error', async () => {
    await store.put('S2/gone.png', Buffer.from('x'));
    await store.remove('S2/gone.png');
    await store.remove('S2/gone.png');
    expect(await store.size('S2/gone.png')).toBeNull();
  });

  it('answers a missing key with a 404-shaped error', async () => {
    const err: unknown = await store.read('S9/never.pdf').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FileMissingError);
    expect((err as FileMissingError).statusCode).toBe(404);
    expect(await store.size('S9/never.pdf')).toBeNull();
  });

  it('keeps a large file in pieces and streams it back byte for byte, from a buffer or a stream', async () => {
    const data = randomBytes(10 * 1024 * 1024 + 123);
    await store.put('S3/large.pdf', data);
    same(await content('S3/large.pdf'), data);
    // A stream of odd-sized parts, as a file read from disk or a backup arrives.
    await store.put('S3/streamed.pdf', Readable.from(oddParts(data)));
    same(await content('S3/streamed.pdf'), data);
    if (database) {
      const rows = await database.db
        .select({ seq: storedFilePieces.seq })
        .from(storedFilePieces)
        .where(eq(storedFilePieces.key, 'S3/large.pdf'));
      expect(rows).toHaveLength(Math.ceil(data.length / PIECE_BYTES));
    }
  });

  it('takes concurrent writes: different keys all kept, one key ends as one writer’s bytes whole', async () => {
    const files = Array.from({ length: 6 }, (_, i) => randomBytes(PIECE_BYTES + i * 1000));
    await Promise.all(files.map((f, i) => store.put(`S4/file-${i}.pdf`, f)));
    for (const [i, f] of files.entries()) same(await content(`S4/file-${i}.pdf`), f);
    await Promise.all(files.map((f) => store.put('S4/same.pdf', f)));
    const last = await content('S4/same.pdf');
    expect(files.some((f) => f.equals(last))).toBe(true);
  });

  it('lists every key and nothing half-written', async () => {
    const keys: string[] = [];
    for await (const key of store.keys()) keys.push(key);
    expect(keys).toEqual(expect.arrayContaining(['S1/picture-a.pdf', 'S3/large.pdf', 'S4/same.pdf']));
    expect(keys).not.toContain('S2/gone.png');
    expect(keys.every((k) => !k.includes('.partial-'))).toBe(true);
  });
});

/** Parts of uneven sizes, smaller and larger than a piece. */
function* oddParts(data: Buffer): Generator<Buffer> {
  const sizes = [1, 4096, 65_543, 300_007];
  for (let at = 0, i = 0; at < data.length; i += 1) {
    const size = sizes[i % sizes.length]!;
    yield data.subarray(at, at + size);
    at += size;
  }
}

/** Byte equality without a 10 MB diff when it fails. */
const same = (a: Buffer, b: Buffer) => expect(a.equals(b), `${a.length} bytes vs ${b.length}`).toBe(true);
