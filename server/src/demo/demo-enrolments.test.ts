import { afterAll, beforeAll, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { students, yearEnrolments } from '../db/schema.js';
import { currentYear } from '../shared/school-years.js';
import { openTestDatabase } from '../test/test-database.js';
import type { Database } from '../db/client.js';
import { seedDemoSchool } from './demo-school.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  expect(await seedDemoSchool(database.db, new Date())).toBe(true);
}, 120_000);
afterAll(() => database.close());

it('enrols every demo student in the current year, in their class', async () => {
  const { year } = await currentYear(database.db);
  const [all] = await database.db.select({ n: count() }).from(students);
  const rows = await database.db
    .select({ class_id: yearEnrolments.class_id, status: yearEnrolments.status })
    .from(yearEnrolments)
    .where(eq(yearEnrolments.year, year));
  expect(rows).toHaveLength(all!.n);
  expect(all!.n).toBeGreaterThan(60);
  expect(rows.every((r) => r.status === 'enrolled' && r.class_id !== null)).toBe(true);
});
