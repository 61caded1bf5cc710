import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from './client.js';
import { JSON_ROWS_BATCH, insertJsonRows } from './json-rows.js';
import { auditLog, settings } from './schema.js';
import { openTestDatabase } from '../test/test-database.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('stores each value with its column type: dates, JSON, null, and keys some rows leave out', async () => {
  const at = new Date('2026-12-02T10:15:30.123Z');
  await insertJsonRows(database.db, auditLog, [
    {
      at,
      action: 'json_rows_a',
      actor_kind: 'admin',
      detail: { n: 1, list: ['x'] },
      field: 'it\'s "quoted"',
    },
    { at, action: 'json_rows_a', actor_kind: 'system', detail: null, student_id: '2026001' },
  ]);
  const rows = await database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, 'json_rows_a'))
    .orderBy(auditLog.id);
  expect(rows.map(({ id: _, ...r }) => r)).toEqual([
    {
      at,
      action: 'json_rows_a',
      actor_kind: 'admin',
      actor_id: null,
      student_id: null,
      field: 'it\'s "quoted"',
      old_value: null,
      new_value: null,
      ip: null,
      detail: { n: 1, list: ['x'] },
    },
    {
      at,
      action: 'json_rows_a',
      actor_kind: 'system',
      actor_id: null,
      student_id: '2026001',
      field: null,
      old_value: null,
      new_value: null,
      ip: null,
      detail: null,
    },
  ]);
});

it('writes more rows than one batch holds, every one of them', async () => {
  const at = new Date();
  const n = JSON_ROWS_BATCH * 2 + 7;
  const rows = Array.from({ length: n }, (_, i) => ({
    at,
    action: 'json_rows_b',
    actor_kind: 'system',
    field: String(i),
  }));
  await insertJsonRows(database.db, auditLog, rows);
  const stored = await database.db.select().from(auditLog).where(eq(auditLog.action, 'json_rows_b'));
  expect(new Set(stored.map((r) => r.field))).toEqual(new Set(rows.map((r) => r.field)));
});

it('updates the columns it is told to on a conflict and leaves the rest', async () => {
  const at = new Date('2026-01-01T00:00:00Z');
  await insertJsonRows(database.db, settings, [{ key: 'json_rows_c', value: { v: 1 }, updated_at: at }]);
  const later = new Date('2026-02-01T00:00:00Z');
  await insertJsonRows(database.db, settings, [{ key: 'json_rows_c', value: { v: 2 }, updated_at: later }], {
    target: ['key'],
    update: ['value'],
  });
  const [row] = await database.db.select().from(settings).where(eq(settings.key, 'json_rows_c'));
  expect(row).toEqual({ key: 'json_rows_c', value: { v: 2 }, updated_at: at });
});

it('refuses a key that is not a column instead of dropping it', async () => {
  await expect(
    insertJsonRows(database.db, auditLog, [
      { at: new Date(), action: 'x', actor_kind: 'system', nope: 1 } as typeof auditLog.$inferInsert,
    ]),
  ).rejects.toThrow(/nope is not a column/);
});
