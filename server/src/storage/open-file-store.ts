import { fileStoreKind, type Config } from '../config.js';
import type { Db } from '../db/client.js';
import { DatabaseFileStore } from './database-file-store.js';
import { LocalFileStore, uploadsFolder, type FileData, type FileStore } from './file-store.js';

/** The store FILE_STORE names (or its default), over this database and data folder. */
export function openFileStore(
  config: Pick<Config, 'FILE_STORE' | 'DATABASE_URL' | 'DATA_DIR'>,
  db: Db,
  kind = fileStoreKind(config),
): FileStore {
  return kind === 'database' ? new DatabaseFileStore(db) : new LocalFileStore(uploadsFolder(config.DATA_DIR));
}

/**
 * A store whose removals can be held back while a backup copies the files: every key the database dump
 * names was written before the dump and cannot disappear before it is copied. Held removals run after.
 */
export class HoldingFileStore implements FileStore {
  private holds = 0;
  private held: string[] = [];

  constructor(readonly inner: FileStore) {}

  put(key: string, data: FileData) {
    return this.inner.put(key, data);
  }
  read(key: string) {
    return this.inner.read(key);
  }
  size(key: string) {
    return this.inner.size(key);
  }
  keys() {
    return this.inner.keys();
  }
  async remove(key: string): Promise<void> {
    if (this.holds > 0) this.held.push(key);
    else await this.inner.remove(key);
  }

  async holdingRemovals<T>(work: () => Promise<T>): Promise<T> {
    this.holds += 1;
    try {
      return await work();
    } finally {
      this.holds -= 1;
      if (this.holds === 0) {
        const keys = this.held;
        this.held = [];
        for (const key of keys) await this.inner.remove(key);
      }
    }
  }
}
