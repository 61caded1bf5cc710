import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from './client.js';
import { openTestDatabase } from '../test/test-database.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('reads back the array types the app uses as arrays, and other values as their types', async () => {
  const result = await database.db.execute(
    sql`select array['a', 'b']::text[] as t, array['c']::varchar[] as v, array[1, 2]::int[] as i,
      array[true]::bool[] as b, 7::int2 as small, '{"x": 1}'::jsonb as j`,
  );
  const [row] = (result as { rows: Record<string, unknown>[] }).rows;
  expect(row).toEqual({ t: ['a', 'b'], v: ['c'], i: [1, 2], b: [true], small: 7, j: { x: 1 } });
});
