import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILD_HEADER, messages, type CurrentUser } from '@sp/domain';
import { auditLog, parentLinks, parents, students } from '../db/schema.js';
import { createStudent, openRegistration } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let a: string;
let b: string;
beforeAll(async () => {
  t = await createTestApp();
  a = (await createStudent(t.database.db, { first_name: 'Anil' })).id;
  b = (await createStudent(t.database.db, { first_name: 'Bina' })).id;
  await openRegistration(t.database.db);
});
afterAll(() => t.close());

const saveTown = (agent: Awaited<ReturnType<TestApp['signInParent']>>['agent'], id: string, town: string) =>
  agent.post('/api/student', { id, place_of_birth: town });

describe('a parent acting for a linked child (D50)', () => {
  it('saves a field of each linked child, is refused another child, and is named in the audit', async () => {
    const { agent, parent } = await t.signInParent([a], { name: 'Mrs Ali' });
    expect((await saveTown(agent, a, 'Arima')).statusCode).toBe(200);
    const refused = await saveTown(agent, b, 'Sangre Grande');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.forbidden);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.student_id, a), eq(auditLog.field, 'place_of_birth')));
    expect(row).toMatchObject({ actor_kind: 'parent', actor_id: String(parent.id), new_value: 'Arima' });
    const [bRow] = await t.database.db.select().from(students).where(eq(students.id, b));
    expect(bRow!.place_of_birth).toBeNull();
  });

  it('answers /api/me with the child its header names, else the first, and refuses an unlinked header', async () => {
    const { agent } = await t.signInParent([a, b]);
    const first = (await agent.get('/api/me')).json<CurrentUser>();
    expect(first).toMatchObject({ kind: 'parent', student_id: a, full_name: 'Mrs Ali' });
    expect(first.parent!.children.map((c) => c.student_id)).toEqual([a, b]);
    expect((await agent.get('/api/me', { [CHILD_HEADER]: b })).json().student_id).toBe(b);
    const { agent: other } = await t.signInParent([b]);
    expect((await other.get('/api/student/contacts', { [CHILD_HEADER]: a })).statusCode).toBe(403);
    expect((await other.get('/api/student/contacts', { [CHILD_HEADER]: b })).statusCode).toBe(200);
  });

  it('loses a child on the request after staff unlink it, and every child when the account is turned off', async () => {
    const { agent, parent } = await t.signInParent([a, b]);
    expect((await agent.get(`/api/student/${a}`)).statusCode).toBe(200);
    await t.database.db
      .delete(parentLinks)
      .where(and(eq(parentLinks.parent_id, parent.id), eq(parentLinks.student_id, a)));
    expect((await agent.get(`/api/student/${a}`)).statusCode).toBe(403);
    expect((await agent.get(`/api/student/${b}`)).statusCode).toBe(200);
    await t.database.db.update(parents).set({ active: false }).where(eq(parents.id, parent.id));
    expect((await agent.get(`/api/student/${b}`)).statusCode).toBe(401);
  });

  it('is refused staff routes and a withdrawn child', async () => {
    const c = (await createStudent(t.database.db)).id;
    const { agent } = await t.signInParent([c]);
    expect((await agent.get('/api/students')).statusCode).toBe(403);
    await t.database.db.update(students).set({ withdrawn_at: new Date() }).where(eq(students.id, c));
    expect((await agent.get(`/api/student/${c}`)).statusCode).toBe(403);
  });
});
