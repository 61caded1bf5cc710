import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent.js';
import { ensureClass } from '../../test/factories.js';
import { holdTransaction } from '../../test/held-transaction.js';
import { enrolmentsOf } from '../../test/rollover-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { currentYear } from '../../shared/school-years.js';

// PGlite runs one transaction at a time, so a student added "during" a confirm is added before or after it
// and never meets the year half closed; the race exists only with PostgreSQL's concurrent transactions, so
// this runs with the server suite on PostgreSQL (TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('a student added while the rollover commits', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signInAdmin();
    await ensureClass(t.database.db, '1A', 1);
  });
  afterAll(() => t.close());

  it('waits for the confirm and lands in the year it opened, not the one it closed', async () => {
    const { year } = await currentYear(t.database.db);
    // The end of a confirm, uncommitted on its own connection: the year closed and the next opened.
    const confirm = await holdTransaction(t.database, [
      [`UPDATE school_years SET state = 'closed' WHERE year = $1`, [year]],
      [
        `INSERT INTO school_years (year, starts_on, ends_on, state) VALUES ($1, $2, $3, 'current')`,
        [year + 1, `${year + 1}-09-01`, `${year + 2}-08-31`],
      ],
    ]);
    const body = {
      id: 'RACE1',
      last_name: 'Race',
      first_name: 'Ravi',
      class_id: '1A',
      date_of_birth: '2014-02-03',
    };
    const res = await confirm.waitedOn(admin.post('/api/students', body));
    expect(res.statusCode, res.body).toBe(201);
    expect((await enrolmentsOf(t.database.db, 'RACE1')).map((e) => e.year)).toEqual([year + 1]);
  });
});
