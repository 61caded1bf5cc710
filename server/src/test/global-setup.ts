import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { seedReferenceData } from '../db/reference-data.js';
import { databaseUrl, onServer } from './postgres-server.js';

/** What every test database starts from: migrated and seeded once per run, not once per test. */
export type TestDatabaseImage = { kind: 'pglite'; file: string } | { kind: 'postgres'; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseImage: TestDatabaseImage;
  }
}

/**
 * The server suite's global setup: applies the migrations and the reference data once, to an embedded database
 * dumped to a tarball, or to a template database on TEST_DATABASE_URL's server, and removes it after the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `sp_template_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `CREATE DATABASE ${template}`);
    const database = await openDatabase({ url: databaseUrl(serverUrl, template) });
    await database.migrate();
    await seedReferenceData(database.db);
    await database.close();
    project.provide('testDatabaseImage', { kind: 'postgres', template });
    return () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  }
  const database = await openDatabase({});
  await database.migrate();
  await seedReferenceData(database.db);
  const folder = await mkdtemp(join(tmpdir(), 'sp-test-database-'));
  const file = join(folder, 'migrated.tar.gz');
  const image = await database.dumpDataDir!();
  await writeFile(file, new Uint8Array(await image.arrayBuffer()));
  await database.close();
  project.provide('testDatabaseImage', { kind: 'pglite', file });
  return () => rm(folder, { recursive: true, force: true });
}
