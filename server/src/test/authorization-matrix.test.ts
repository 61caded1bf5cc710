import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from './agent.js';
import {
  AUTHORIZATION_MATRIX,
  PUBLIC_INFRASTRUCTURE,
  type Caller,
  type MatrixRow,
} from './authorization-matrix.js';
import { createStudent, openRegistration, setIdLookup } from './factories.js';
import { multipart, samples } from './multipart.js';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setIdLookup(t.database.db, true);
  await openRegistration(t.database.db);
});
afterAll(() => t.close());

/** A fresh owner and a caller for one cell, so no cell depends on another (logout, password change). */
async function callerFor(caller: Caller): Promise<{ agent: Agent; owner: string }> {
  switch (caller) {
    case 'anonymous': {
      const owner = await createStudent(t.database.db, { password: 'Owner-pass-123' });
      return { agent: t.agent(), owner: owner.id };
    }
    case 'student': {
      const { agent, student } = await t.signInStudent();
      return { agent, owner: student.id };
    }
    case 'otherStudent': {
      const owner = await createStudent(t.database.db, { password: 'Owner-pass-123' });
      const { agent } = await t.signInStudent();
      return { agent, owner: owner.id };
    }
    case 'admin': {
      const owner = await createStudent(t.database.db, { password: 'Owner-pass-123' });
      return { agent: await t.signInAdmin(), owner: owner.id };
    }
    case 'staff': {
      const owner = await createStudent(t.database.db, { password: 'Owner-pass-123' });
      return { agent: await t.signInStaff(), owner: owner.id };
    }
    case 'firstLogin': {
      const owner = await createStudent(t.database.db);
      const agent = t.agent();
      const res = await agent.post('/api/login-student', {
        student_id: owner.id,
        password: owner.typedBirthDate,
      });
      expect(res.statusCode).toBe(200);
      return { agent, owner: owner.id };
    }
  }
}

/** One row's request for an owner, with its JSON body or multipart upload. */
function send(agent: Agent, row: MatrixRow, owner: string) {
  let options: Parameters<Agent['request']>[2] = row.body ? { body: row.body(owner) } : {};
  if (row.upload) {
    const { body, headers } = multipart(row.upload(owner), { name: 'photo.png', data: samples.png });
    options = { body, headers };
  }
  return agent.request(row.method, row.path(owner), options);
}

describe('authorization matrix', () => {
  const cells = AUTHORIZATION_MATRIX.flatMap((row) =>
    (Object.keys(row.expect) as Caller[]).map((caller) => ({ row, caller, status: row.expect[caller] })),
  );

  it.each(cells)('$row.method $row.route as $caller → $status', async ({ row, caller, status }) => {
    const { agent, owner } = await callerFor(caller);
    const res = await send(agent, row, owner);
    expect(res.statusCode, res.body).toBe(status);
    if (status >= 400) expect(res.json<{ message: string }>().message).toBeTruthy();
  });

  // Staff asking about a student ID that does not exist hear so, on every route that names a student.
  const MISSING = 'NO-SUCH-STUDENT';
  const namingAStudent = AUTHORIZATION_MATRIX.filter(
    (row) =>
      row.expect.admin !== 403 &&
      !row.createsStudent &&
      JSON.stringify([row.path(MISSING), row.body?.(MISSING), row.upload?.(MISSING)]).includes(MISSING),
  );
  it.each(namingAStudent)('$method $route answers 404 to staff for an unknown student', async (row) => {
    const res = await send(await t.signInAdmin(), row, MISSING);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json<{ message: string }>().message).toBeTruthy();
  });

  it('has a row for every route the app answers', () => {
    expect(t.app.routeList.map((r) => r.url)).toContain('/api/students');
    const covered = new Set(AUTHORIZATION_MATRIX.map((r) => `${r.method} ${r.route}`));
    const missing = t.app.routeList
      .filter((r) => !PUBLIC_INFRASTRUCTURE.some((re) => re.test(r.url)))
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !covered.has(r));
    expect(missing).toEqual([]);
  });
});
