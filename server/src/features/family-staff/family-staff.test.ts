import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_PARENTS_PER_CHILD, messages, parentMessages, type StudentParents } from '@sp/domain';
import { auditLog, familyCodes } from '../../db/schema.js';
import { useFamilyCode } from '../../shared/family-codes.js';
import { createParent, createStudent } from '../../test/factories.js';
import { staffTestApp } from '../../test/staff-test-app.js';
import { familyStaffMessages } from './family-staff.js';

const kit = staffTestApp();

const parentsOf = async (id: string) =>
  (await kit.staff.get(`/api/students/${id}/parents`)).json<StudentParents>();
const liveCode = async (id: string) =>
  (await kit.t.database.db.select().from(familyCodes).where(eq(familyCodes.student_id, id)))[0]?.code;

describe("staff and a student's parent accounts (D50)", () => {
  it('lists the linked parents with a live code made on first look, and 404 for an unknown student', async () => {
    const a = (await createStudent(kit.t.database.db)).id;
    await createParent(kit.t.database.db, { name: 'Mrs Ali', email: 'ali@example.org', children: [a] });
    const first = await parentsOf(a);
    expect(first.parents).toMatchObject([
      { name: 'Mrs Ali', email: 'ali@example.org', how: 'code', active: true },
    ]);
    expect(first.family_code?.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(first.max_parents).toBe(MAX_PARENTS_PER_CHILD);
    // The code stays the same until it is used or replaced.
    expect((await parentsOf(a)).family_code?.code).toBe(first.family_code?.code);
    const missing = await kit.staff.get('/api/students/NO-SUCH-ID/parents');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(messages.noStudent);
  });

  it('issues a new code that replaces the old one, audited without the code; refused with four parents', async () => {
    const a = (await createStudent(kit.t.database.db)).id;
    const old = (await parentsOf(a)).family_code!.code;
    const res = await kit.staff.post(`/api/students/${a}/family-code`);
    expect(res.statusCode).toBe(200);
    expect(res.json().code).not.toBe(old);
    expect(await useFamilyCode(kit.t.database.db, a, old)).toBe(false);
    const [row] = await kit.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.student_id, a), eq(auditLog.action, 'family_code_issue')));
    expect(row).toMatchObject({ actor_kind: 'admin', new_value: null, detail: null });

    for (let i = 0; i < MAX_PARENTS_PER_CHILD; i++) await createParent(kit.t.database.db, { children: [a] });
    expect((await kit.staff.post(`/api/students/${a}/family-code`)).json().message).toBe(
      familyStaffMessages.full,
    );
    expect((await parentsOf(a)).family_code).toBeNull();
    expect((await kit.staff.post('/api/students/NO-SUCH-ID/family-code')).statusCode).toBe(404);
  });

  it('answers 404 to unlinking a parent that is not linked, and 400 to a parent number that is not one', async () => {
    const a = (await createStudent(kit.t.database.db)).id;
    const p = await createParent(kit.t.database.db);
    const notLinked = await kit.staff.request('DELETE', `/api/students/${a}/parents/${p.id}`);
    expect(notLinked.statusCode).toBe(404);
    expect(notLinked.json().message).toBe(familyStaffMessages.notLinked);
    expect((await kit.staff.request('DELETE', `/api/students/NO-SUCH-ID/parents/${p.id}`)).statusCode).toBe(
      404,
    );
    expect((await kit.staff.request('DELETE', `/api/students/${a}/parents/abc`)).statusCode).toBe(400);
    expect((await kit.staff.post('/api/parents/99999999999/active', { active: false })).statusCode).toBe(400);
    const none = await kit.staff.post('/api/parents/2147483647/active', { active: false });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(familyStaffMessages.noParent);
    expect((await kit.staff.post(`/api/parents/${p.id}/active`, { active: 'no' })).statusCode).toBe(400);
  });
});

describe('two actors: staff change what a signed-in parent may do', () => {
  it('unlinks one child while the parent is signed in: that child is refused next, the other still works', async () => {
    const a = (await createStudent(kit.t.database.db)).id;
    const b = (await createStudent(kit.t.database.db)).id;
    const { agent, parent } = await kit.t.signInParent([a, b], { name: 'Mrs Ali' });
    expect((await agent.get(`/api/student/${a}`)).statusCode).toBe(200);
    // The parent kept the code printed on the registration form they could still open.
    const printed = (await parentsOf(a)).family_code!.code;
    expect((await kit.staff.request('DELETE', `/api/students/${a}/parents/${parent.id}`)).statusCode).toBe(
      204,
    );
    expect((await agent.get(`/api/student/${a}`)).statusCode).toBe(403);
    const again = await agent.post('/api/parent/children', { student_id: a, family_code: printed });
    expect(again.statusCode).toBe(400);
    expect((await parentsOf(a)).family_code!.code).not.toBe(printed);
    expect((await agent.get(`/api/student/${b}`)).statusCode).toBe(200);
    expect((await parentsOf(a)).parents).toEqual([]);
    const [row] = await kit.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.student_id, a), eq(auditLog.action, 'parent_unlink')));
    expect(row?.detail).toMatchObject({ parent_id: parent.id, name: 'Mrs Ali' });
  });

  it('turns the account off: the next request is 401 and sign-in is refused; on again, it signs in', async () => {
    const a = (await createStudent(kit.t.database.db)).id;
    const { agent, parent } = await kit.t.signInParent([a]);
    const off = await kit.staff.post(`/api/parents/${parent.id}/active`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ parent_id: parent.id, active: false });
    expect((await agent.get(`/api/student/${a}`)).statusCode).toBe(401);
    const signIn = { email: parent.email, password: parent.password };
    const refused = await kit.t.agent().post('/api/parent/login', signIn);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(parentMessages.deactivated);
    expect((await parentsOf(a)).parents[0]?.active).toBe(false);

    expect((await kit.staff.post(`/api/parents/${parent.id}/active`, { active: true })).statusCode).toBe(200);
    expect((await kit.t.agent().post('/api/parent/login', signIn)).statusCode).toBe(200);
    const rows = await kit.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.student_id, a), eq(auditLog.action, 'parent_active')));
    expect(rows.map((r) => r.new_value)).toEqual(['off', 'on']);
  });

  it('two staff issue a code at once: one live code remains, and the one given out before fails', async () => {
    const a = (await createStudent(kit.t.database.db)).id;
    const old = (await parentsOf(a)).family_code!.code;
    const other = await kit.t.signInAdmin();
    const [one, two] = await Promise.all([
      kit.staff.post(`/api/students/${a}/family-code`),
      other.post(`/api/students/${a}/family-code`),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const live = await liveCode(a);
    expect([one.json().code, two.json().code]).toContain(live);
    expect((await parentsOf(a)).family_code?.code).toBe(live);
    // A parent holding the code given out before is refused; the live one links.
    const { agent } = await kit.t.signInParent([]);
    const refused = await agent.post('/api/parent/children', { student_id: a, family_code: old });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(parentMessages.codeNotValid);
    const linked = await agent.post('/api/parent/children', { student_id: a, family_code: live });
    expect(linked.statusCode, linked.body).toBe(200);
  });
});
