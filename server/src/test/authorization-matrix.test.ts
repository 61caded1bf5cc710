import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILD_HEADER } from '@sp/domain';
import { students } from '../db/schema.js';
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

interface CellCaller {
  agent: Agent;
  owner: string;
  /** A parent's tab names its child in every request, as the web app does (D50). */
  headers?: Record<string, string>;
}

const newOwner = async () => (await createStudent(t.database.db, { password: 'Owner-pass-123' })).id;

/** A fresh owner and a caller for one cell, so no cell depends on another (logout, password change). */
async function callerFor(caller: Caller): Promise<CellCaller> {
  switch (caller) {
    case 'parentOfOwner':
    case 'parentOfBoth': {
      const owner = await newOwner();
      const children = caller === 'parentOfBoth' ? [await newOwner(), owner] : [owner];
      const { agent } = await t.signInParent(children);
      return { agent, owner, headers: { [CHILD_HEADER]: owner } };
    }
    case 'parentOfNobody': {
      const owner = await newOwner();
      return { agent: (await t.signInParent([])).agent, owner };
    }
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
function send(agent: Agent, row: MatrixRow, owner: string, extra: Record<string, string> = {}) {
  if (row.upload) {
    const { body, headers } = multipart(row.upload(owner), { name: 'photo.png', data: samples.png });
    return agent.request(row.method, row.path(owner), { body, headers: { ...headers, ...extra } });
  }
  return agent.request(row.method, row.path(owner), { body: row.body?.(owner), headers: extra });
}

const namesOwner = (row: MatrixRow, owner: string) =>
  JSON.stringify([row.path(owner), row.body?.(owner), row.upload?.(owner)]).includes(owner);

describe('authorization matrix', () => {
  const cells = AUTHORIZATION_MATRIX.flatMap((row) =>
    (Object.keys(row.expect) as Caller[]).map((caller) => ({ row, caller, status: row.expect[caller] })),
  );

  it.each(cells)('$row.method $row.route as $caller → $status', async ({ row, caller, status }) => {
    const { agent, owner, headers } = await callerFor(caller);
    const res = await send(agent, row, owner, headers);
    expect(res.statusCode, res.body).toBe(status);
    if (status >= 400) expect(res.json<{ message: string }>().message).toBeTruthy();
  });

  // Staff asking about a student ID that does not exist hear so, on every route that names a student.
  const MISSING = 'NO-SUCH-STUDENT';
  const namingAStudent = AUTHORIZATION_MATRIX.filter(
    (row) => row.expect.admin !== 403 && !row.createsStudent && namesOwner(row, MISSING),
  );
  it.each(namingAStudent)('$method $route answers 404 to staff for an unknown student', async (row) => {
    const res = await send(await t.signInAdmin(), row, MISSING);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json<{ message: string }>().message).toBeTruthy();
  });

  // Routes that act on the session's own student take a parent's child from the header alone (D50): a child
  // not linked to the account, or linked but withdrawn, is refused there as in a path.
  const forTheTabsChild = AUTHORIZATION_MATRIX.filter(
    (row) =>
      row.expect.parentOfNobody === 403 && row.expect.parentOfOwner !== 403 && !namesOwner(row, 'OWNER-ID'),
  );
  it('finds the routes that act for the child a parent’s tab names', () => {
    expect(forTheTabsChild.map((r) => r.route)).toContain('/api/student/contacts');
  });
  it.each(forTheTabsChild)(
    '$method $route refuses a parent naming a child it may not act for',
    async (row) => {
      const owner = await newOwner();
      const unlinked = (await t.signInParent([await newOwner()])).agent;
      const res = await send(unlinked, row, owner, { [CHILD_HEADER]: owner });
      expect(res.statusCode, res.body).toBe(403);
      const withdrawn = await newOwner();
      const { agent } = await t.signInParent([withdrawn]);
      await t.database.db
        .update(students)
        .set({ withdrawn_at: new Date() })
        .where(eq(students.id, withdrawn));
      expect((await send(agent, row, withdrawn, { [CHILD_HEADER]: withdrawn })).statusCode).toBe(403);
    },
  );

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
