import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CHILD_HEADER, MAX_PARENTS_PER_CHILD, parentMessages } from '@sp/domain';
import { auditLog, parentLinks } from '../../db/schema.js';
import { linkNotValid } from '../../mail/tokens.js';
import { confirmAddressOf, latestLink, setAddresses } from '../password-links/link-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { INVITES_PER_HOUR } from './invite.js';

let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
/** A signed-in student whose mother's address is on the record, confirmed unless said otherwise. */
async function family(confirmed = true) {
  const { agent, student } = await t.signInStudent({ first_name: 'Bina' });
  const mum = `mum${++n}@example.org`;
  await setAddresses(db(), student.id, { email_mother: mum });
  if (confirmed) await confirmAddressOf(db(), 'student', student.id, mum);
  return { agent, id: student.id, mum };
}

const invite = (agent: ReturnType<TestApp['agent']>, headers: Record<string, string> = {}) =>
  agent.request('POST', '/api/student/parents/invite', { body: { field: 'email_mother' }, headers });
const accept = (agent: ReturnType<TestApp['agent']>, token: string) =>
  agent.post('/api/parent/invite/accept', { token });

describe('a family invites a parent to the portal (D50)', () => {
  it('e-mails a link to a confirmed parent address; the parent who opens it links the child once', async () => {
    const fam = await family();
    const sent = await invite(fam.agent);
    expect([sent.statusCode, sent.json()]).toEqual([200, { message: parentMessages.inviteSent }]);
    const { row, token } = await latestLink(db(), fam.mum);
    expect([row.kind, row.student_id]).toEqual(['parent_invite', fam.id]);
    expect(row.text_body).toContain('/parent/invite?token=');

    const peek = await t.agent().get(`/api/parent/invite?token=${token}`);
    expect(peek.json()).toEqual({ valid: true, first_name: 'Bina' });
    const { agent, parent } = await t.signInParent([]);
    const accepted = await accept(agent, token);
    expect([accepted.statusCode, accepted.json().student_id]).toEqual([200, fam.id]);
    const [link] = await db().select().from(parentLinks).where(eq(parentLinks.parent_id, parent.id));
    expect(link).toMatchObject({ student_id: fam.id, how: 'invite' });
    // The student now sees the parent's name; the link is used up for anyone else.
    expect((await fam.agent.get('/api/student/parents')).json()).toMatchObject({
      parents: [{ name: 'Mrs Ali' }],
      max_parents: MAX_PARENTS_PER_CHILD,
    });
    expect((await t.agent().get(`/api/parent/invite?token=${token}`)).json().valid).toBe(false);
    const second = await t.signInParent([]);
    expect((await accept(second.agent, token)).json().message).toBe(linkNotValid);
  });

  it('refuses an unconfirmed or empty address with 400, and bad input with a message', async () => {
    const fam = await family(false);
    const res = await invite(fam.agent);
    expect([res.statusCode, res.json().errors[0]]).toEqual([
      400,
      { field: 'field', message: parentMessages.inviteNeedsConfirmed },
    ]);
    const wrong = await fam.agent.post('/api/student/parents/invite', { field: 'email' });
    expect(wrong.statusCode).toBe(400);
    expect((await t.agent().get('/api/parent/invite?token=short')).statusCode).toBe(400);
    expect((await accept((await t.signInParent([])).agent, 'A'.repeat(43))).json().message).toBe(
      linkNotValid,
    );
  });

  it('an invitation accepted twice by the same parent: 409 and the link stays usable for another', async () => {
    const fam = await family();
    await invite(fam.agent);
    const first = (await latestLink(db(), fam.mum)).token;
    await invite(fam.agent);
    const second = (await latestLink(db(), fam.mum)).token;
    const { agent } = await t.signInParent([]);
    expect((await accept(agent, first)).statusCode).toBe(200);
    const again = await accept(agent, second);
    expect([again.statusCode, again.json().message]).toEqual([409, parentMessages.alreadyLinked]);
    const other = await t.signInParent([]);
    expect((await accept(other.agent, second)).statusCode).toBe(200);
  });

  it('a linked parent invites for the child it acts for, audited as the parent; staff and a bare parent may not', async () => {
    const fam = await family();
    const { agent, parent } = await t.signInParent([fam.id]);
    expect((await invite(agent, { [CHILD_HEADER]: fam.id })).statusCode).toBe(200);
    expect((await invite(agent)).statusCode).toBe(403);
    expect((await invite(await t.signInStaff())).statusCode).toBe(403);
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.student_id, fam.id), eq(auditLog.action, 'parent_invite')));
    expect(row).toMatchObject({ actor_kind: 'parent', actor_id: String(parent.id), field: 'email_mother' });
  });

  it(`sends at most ${INVITES_PER_HOUR} invitations an hour for one student`, async () => {
    const fam = await family();
    for (let i = 0; i < INVITES_PER_HOUR; i++) expect((await invite(fam.agent)).statusCode).toBe(200);
    expect((await invite(fam.agent)).statusCode).toBe(429);
  });
});
