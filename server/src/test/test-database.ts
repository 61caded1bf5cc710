import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.js';
import { seedReferenceData } from '../db/reference-data.js';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped again on close). `empty` leaves it unmigrated, for a test
 * that applies the migrations itself.
 */
export async function openTestDatabase({ empty = false } = {}): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    if (empty) return database;
    await database.migrate();
    await seedReferenceData(database.db);
    return database;
  }
  const name = `sp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  if (!empty) {
    await database.migrate();
    await seedReferenceData(database.db);
  }
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
