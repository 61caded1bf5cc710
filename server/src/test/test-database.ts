import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { databaseUrl, onServer } from './postgres-server.js';

/**
 * A fresh, migrated database for one test: PGlite in memory by default, or a new database on the PostgreSQL
 * server of TEST_DATABASE_URL (dropped again on close). Both start as a copy of the database the suite's global
 * setup migrated and seeded once (`global-setup.ts`): a PGlite data folder loaded from its tarball, or
 * `CREATE DATABASE … TEMPLATE`. `empty` leaves it unmigrated, for a test that applies the migrations itself.
 */
export async function openTestDatabase({ empty = false } = {}): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const image = inject('testDatabaseImage');
  if (!serverUrl) {
    if (empty) return openDatabase({});
    if (image.kind !== 'pglite') throw new Error('The global setup made no PGlite image');
    return openDatabase({ loadDataDir: new Blob([await readFile(image.file)]) });
  }
  if (image.kind !== 'postgres') throw new Error('The global setup made no PostgreSQL template');
  const name = `sp_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}${empty ? '' : ` TEMPLATE ${image.template}`}`);
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ url });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
