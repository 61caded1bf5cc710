import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages, parentMessages } from '@sp/domain';
import { auditLog, familyCodes, parentLinks, rateLimits, students } from '../../db/schema.js';
import { ensureFamilyCodes, reissueFamilyCode } from '../../shared/family-codes.js';
import { createParent, createStudent } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { Agent } from '../../test/agent.js';
import { LINK_FAILURES_PER_ACCOUNT, LINK_FAILURES_PER_ADDRESS } from './link-limits.js';

let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A new student and its live family code. */
async function childWithCode(first = 'Anil') {
  const { id } = await createStudent(db(), { first_name: first });
  const code = (await ensureFamilyCodes(db(), [id], null, new Date())).get(id)!.code;
  return { id, code };
}

const link = (agent: Agent, student_id: string, family_code: string) =>
  agent.post('/api/parent/children', { student_id, family_code });

const linksOf = (studentId: string) =>
  db().select().from(parentLinks).where(eq(parentLinks.student_id, studentId));

describe('a parent links a child with its family code (D50)', () => {
  it('links with the code in any case and spacing, lists the child, uses the code up, and audits it', async () => {
    const child = await childWithCode('Anil');
    const { agent, parent } = await t.signInParent([]);
    expect((await agent.get('/api/parent/children')).json()).toEqual({ children: [] });
    const typed = ` ${child.code.toLowerCase().replace('-', ' ')} `;
    const res = await link(agent, child.id, typed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ student_id: child.id, first_name: 'Anil' });
    const list = (await agent.get('/api/parent/children')).json<{ children: { student_id: string }[] }>();
    expect(list.children.map((c) => c.student_id)).toEqual([child.id]);
    expect(await db().select().from(familyCodes).where(eq(familyCodes.student_id, child.id))).toEqual([]);
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.student_id, child.id), eq(auditLog.action, 'parent_link')));
    expect(row).toMatchObject({ actor_kind: 'parent', actor_id: String(parent.id), new_value: 'code' });
    // The new child is now one the parent acts for.
    expect((await agent.get(`/api/student/${child.id}`)).statusCode).toBe(200);
  });

  it('refuses bad input with 400 and a message, and a wrong pair alike for every reason', async () => {
    const child = await childWithCode();
    const other = await childWithCode();
    const withdrawn = await childWithCode();
    await db().update(students).set({ withdrawn_at: new Date() }).where(eq(students.id, withdrawn.id));
    const { agent } = await t.signInParent([]);
    const empty = await link(agent, child.id, '');
    expect([empty.statusCode, empty.json().message]).toEqual([400, messages.required]);
    const extra = await agent.post('/api/parent/children', { student_id: child.id, family_code: 'x', x: 1 });
    expect(extra.statusCode).toBe(400);
    for (const [id, code] of [
      [child.id, other.code],
      ['NOSUCH1', child.code],
      [withdrawn.id, withdrawn.code],
      [child.id, 'A'.repeat(12)],
    ] as const) {
      const res = await link(agent, id, code);
      expect([res.statusCode, res.json().errors[0]]).toEqual([
        400,
        { field: 'family_code', message: parentMessages.codeNotValid },
      ]);
    }
    expect(await linksOf(child.id)).toEqual([]);
  });

  it('is for parent sessions only', async () => {
    const child = await childWithCode();
    const { agent } = await t.signInStudent();
    expect((await link(agent, child.id, child.code)).statusCode).toBe(403);
    expect((await link(t.agent(), child.id, child.code)).statusCode).toBe(401);
  });

  it('lets exactly one of two parents racing with the same code link', async () => {
    const child = await childWithCode();
    const [one, two] = await Promise.all([t.signInParent([]), t.signInParent([])]);
    const answers = await Promise.all([
      link(one.agent, child.id, child.code),
      link(two.agent, child.id, child.code),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(await linksOf(child.id)).toHaveLength(1);
  });

  it('refuses a fifth parent while four are linked, and keeps the code for later', async () => {
    const child = await childWithCode();
    for (let i = 0; i < 4; i++) await t.signInParent([child.id]);
    const { agent } = await t.signInParent([]);
    const code = await reissueFamilyCode(db(), child.id, 'office', new Date());
    const res = await link(agent, child.id, code);
    expect([res.statusCode, res.json().message]).toEqual([409, parentMessages.tooManyParents]);
    expect(await linksOf(child.id)).toHaveLength(4);
    expect((await db().select().from(familyCodes).where(eq(familyCodes.student_id, child.id)))[0]?.code).toBe(
      code,
    );
  });

  it('a code one family used fails for the next, and an already linked child leaves the code unused', async () => {
    const child = await childWithCode();
    const first = await t.signInParent([]);
    expect((await link(first.agent, child.id, child.code)).statusCode).toBe(200);
    const next = await t.signInParent([]);
    expect((await link(next.agent, child.id, child.code)).json().message).toBe(parentMessages.codeNotValid);
    const fresh = (await ensureFamilyCodes(db(), [child.id], null, new Date())).get(child.id)!.code;
    const again = await link(first.agent, child.id, fresh);
    expect([again.statusCode, again.json().message]).toEqual([409, parentMessages.alreadyLinked]);
    expect((await link(next.agent, child.id, fresh)).statusCode).toBe(200);
  });

  it('refuses the old code once staff reissue it while the parent is typing it', async () => {
    const child = await childWithCode();
    const { agent } = await t.signInParent([]);
    const newCode = await reissueFamilyCode(db(), child.id, 'office', new Date());
    expect((await link(agent, child.id, child.code)).json().message).toBe(parentMessages.codeNotValid);
    expect((await link(agent, child.id, newCode)).statusCode).toBe(200);
  });

  it(`answers 429 after ${LINK_FAILURES_PER_ACCOUNT} wrong pairs from one account, even for the right code`, async () => {
    const child = await childWithCode();
    const { agent, parent } = await t.signInParent([]);
    for (let i = 0; i < LINK_FAILURES_PER_ACCOUNT; i++)
      expect((await link(agent, child.id, 'ZZZZ-ZZZZ')).statusCode).toBe(400);
    const refused = await link(agent, child.id, child.code);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/try again in/);
    expect(await linksOf(child.id)).toEqual([]);
    await db()
      .delete(rateLimits)
      .where(eq(rateLimits.key, `link-fail-parent:${parent.id}`));
  });
  it(`answers 429 after ${LINK_FAILURES_PER_ADDRESS} wrong pairs from one address across accounts, and not elsewhere`, async () => {
    const child = await childWithCode();
    // Parents behind one school or café address, each under their own account's limit.
    const shared = new Agent(t.app, '198.51.100.77');
    const perAccount = LINK_FAILURES_PER_ACCOUNT - 1;
    const accounts = Math.ceil(LINK_FAILURES_PER_ADDRESS / perAccount);
    let sent = 0;
    for (let a = 0; a < accounts; a++) {
      const parent = await createParent(db());
      const agent = new Agent(t.app, shared.ip);
      await agent.post('/api/parent/login', { email: parent.email, password: parent.password });
      for (let i = 0; i < perAccount && sent < LINK_FAILURES_PER_ADDRESS; i++, sent++)
        expect((await link(agent, child.id, 'ZZZZ-ZZZZ')).statusCode).toBe(400);
    }
    // The address's counter is full: a new account there is refused even with the right code...
    const next = await createParent(db());
    const there = new Agent(t.app, shared.ip);
    await there.post('/api/parent/login', { email: next.email, password: next.password });
    expect((await link(there, child.id, child.code)).statusCode).toBe(429);
    expect(await linksOf(child.id)).toEqual([]);
    // ...while the same account from another address links.
    const elsewhere = new Agent(t.app);
    await elsewhere.post('/api/parent/login', { email: next.email, password: next.password });
    expect((await link(elsewhere, child.id, child.code)).statusCode).toBe(200);
  });
});
