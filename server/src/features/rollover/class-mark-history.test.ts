import type { StudentHistory } from '@sp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../test/agent.js';
import { addClasses, put, student } from '../../test/rollover-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: Agent;
let staff: Agent;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = [await t.signInAdmin(), await t.signInStaff()];
  await addClasses(db());
});
afterAll(() => t.close());

const marksIn = async (id: string) =>
  (await staff.get(`/api/students/${id}/history`))
    .json<StudentHistory>()
    .entries.filter((e) => e.action === 'rollover_mark')
    .map((e) => ({ old: e.old_value, new: e.new_value, by: e.actor_kind }));

describe('a mark for a whole class', () => {
  it("reads in each student's history as a single student's mark does, old → new", async () => {
    const [ann, ben] = [await student(db(), '2B'), await student(db(), '2B')];
    const other = await student(db(), '2C');
    expect((await put(admin, `/api/admin/rollover/marks/${ben.id}`, { mark: 'repeating' })).statusCode).toBe(
      200,
    );
    const res = await put(admin, '/api/admin/rollover/class-marks/2B', {
      mark: 'transferring',
      school: 'Naparima College',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().students).toBe(2);

    // Another staff member reads each student's history.
    const marked = { old: null, new: 'transferring: Naparima College', by: 'admin' };
    expect(await marksIn(ann.id)).toEqual([marked]);
    expect(await marksIn(ben.id)).toEqual([
      { ...marked, old: 'repeating' },
      { old: null, new: 'repeating', by: 'admin' },
    ]);
    expect(await marksIn(other.id)).toEqual([]);
  });
});
