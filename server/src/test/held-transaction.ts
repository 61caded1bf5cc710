import pg from 'pg';
import { expect } from 'vitest';
import type { Database } from '../db/client.js';

/**
 * Another writer's transaction, left uncommitted on a connection of its own (PostgreSQL only: PGlite runs one
 * transaction at a time). `waitedOn` checks a request is still waiting for it after 300 ms, commits it, and
 * answers the request's reply.
 */
export async function holdTransaction(database: Database, statements: [string, unknown[]][]) {
  const client = new pg.Client({ connectionString: (database as { url?: string }).url });
  await client.connect();
  await client.query('BEGIN');
  for (const [text, values] of statements) await client.query(text, values);
  return {
    async waitedOn<T>(request: Promise<T>): Promise<T> {
      let answered = false;
      void request.then(() => (answered = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered, 'the request did not wait for the other transaction').toBe(false);
      await client.query('COMMIT');
      await client.end();
      return request;
    },
  };
}
