import { Readable } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { storedFilePieces, storedFiles } from '../db/schema.js';
import { FileMissingError, pieces, type FileData, type FileStore } from './file-store.js';

/** Bytes per row: small enough to hold a few at once, large enough that a 10 MB file is 40 rows. */
export const PIECE_BYTES = 256 * 1024;

/**
 * Documents kept in PostgreSQL (or PGlite), so machines that share the database share the documents and
 * nothing else (D27). A file is written in one transaction, piece by piece, and read back as a stream that
 * fetches one piece at a time: a 10 MB upload is never held twice, a download never held whole.
 */
export class DatabaseFileStore implements FileStore {
  constructor(private readonly db: Db) {}

  async put(key: string, data: FileData): Promise<void> {
    await this.db.transaction(async (tx) => {
      // The file's row first: a second writer of the same key waits here until the first commits.
      await tx
        .insert(storedFiles)
        .values({ key, size_bytes: 0, pieces: 0 })
        .onConflictDoUpdate({ target: storedFiles.key, set: { size_bytes: 0, pieces: 0 } });
      await tx.delete(storedFilePieces).where(eq(storedFilePieces.key, key));
      let seq = 0;
      let size = 0;
      for await (const piece of pieces(data, PIECE_BYTES)) {
        await tx.insert(storedFilePieces).values({ key, seq, data: piece });
        seq += 1;
        size += piece.length;
      }
      await tx
        .update(storedFiles)
        .set({ size_bytes: size, pieces: seq, stored_at: new Date() })
        .where(eq(storedFiles.key, key));
    });
  }

  async read(key: string): Promise<{ stream: Readable; size: number }> {
    const [file] = await this.db
      .select({ size: storedFiles.size_bytes, pieces: storedFiles.pieces })
      .from(storedFiles)
      .where(eq(storedFiles.key, key));
    if (!file) throw new FileMissingError(key);
    const db = this.db;
    async function* fetch(): AsyncGenerator<Buffer> {
      for (let seq = 0; seq < file!.pieces; seq += 1) {
        const [row] = await db
          .select({ data: storedFilePieces.data })
          .from(storedFilePieces)
          .where(and(eq(storedFilePieces.key, key), eq(storedFilePieces.seq, seq)));
        // Removed or replaced while being read: end with an error rather than mixed or short bytes.
        if (!row) throw new FileMissingError(key);
        yield row.data;
      }
    }
    return {
      stream: Readable.from(fetch(), { objectMode: false, highWaterMark: PIECE_BYTES }),
      size: file.size,
    };
  }

  async size(key: string): Promise<number | null> {
    const [file] = await this.db
      .select({ size: storedFiles.size_bytes })
      .from(storedFiles)
      .where(eq(storedFiles.key, key));
    return file ? file.size : null;
  }

  async remove(key: string): Promise<void> {
    await this.db.delete(storedFiles).where(eq(storedFiles.key, key));
  }

  async *keys(): AsyncIterable<string> {
    let after = '';
    for (;;) {
      const page = await this.db
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(gt(storedFiles.key, after))
        .orderBy(asc(storedFiles.key))
        .limit(500);
      for (const { key } of page) yield key;
      if (page.length < 500) return;
      after = page[page.length - 1]!.key;
    }
  }
}
