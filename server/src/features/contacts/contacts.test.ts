import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHILD_HEADER, CONFIRM_LINK_DAYS } from '@sp/domain';
import { auditLog, confirmedAddresses, rateLimits } from '../../db/schema.js';
import { linkNotValid } from '../../mail/tokens.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { latestLink, mailsTo, setAddresses } from '../password-links/link-kit.js';
import { noAddressInField } from './contacts.js';
import { CONFIRM_LINKS_PER_HOUR } from './send-confirm-link.js';

let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const confirm = (token: string) => t.agent().post('/api/mail/confirm', { token });

/** A signed-in student whose record holds the given addresses. */
async function familyWith(addresses: Parameters<typeof setAddresses>[2]) {
  const { agent, student } = await t.signInStudent();
  await setAddresses(db(), student.id, addresses);
  return { agent, student };
}

describe('a family confirms its addresses', () => {
  it('lists the record’s addresses, e-mails a link to one, and counts it confirmed once the link is opened', async () => {
    const { agent, student } = await familyWith({
      email: 'kid@example.com',
      email_mother: ' Mum.Confirms@Example.com ',
    });
    const before = await agent.get('/api/student/contacts');
    expect(before.json().addresses).toEqual([
      { field: 'email', label: 'Student', address: 'kid@example.com', confirmed: false },
      { field: 'email_mother', label: 'Mother', address: 'mum.confirms@example.com', confirmed: false },
    ]);

    const sent = await agent.post('/api/student/contacts/confirm-link', { field: 'email_mother' });
    expect(sent.statusCode, sent.body).toBe(200);
    const { row, page, token } = await latestLink(db(), 'mum.confirms@example.com');
    expect([row.kind, row.student_id, page]).toEqual(['confirm_address', student.id, '/confirm-email']);
    expect(await mailsTo(db(), 'kid@example.com')).toEqual([]);

    const opened = await confirm(token);
    expect([opened.statusCode, opened.json()]).toEqual([
      200,
      { address: 'mum.confirms@example.com', kind: 'student' },
    ]);
    const after = (await agent.get('/api/student/contacts')).json<{ addresses: { confirmed: boolean }[] }>();
    expect(after.addresses.map((a) => a.confirmed)).toEqual([false, true]);

    // The link works once; a second link for the same address confirms it again without a second row.
    expect((await confirm(token)).json().message).toBe(linkNotValid);
    await agent.post('/api/student/contacts/confirm-link', { field: 'email_mother' });
    expect((await confirm((await latestLink(db(), 'mum.confirms@example.com')).token)).statusCode).toBe(200);
    const rows = await db()
      .select()
      .from(confirmedAddresses)
      .where(eq(confirmedAddresses.owner_id, student.id));
    expect(rows).toHaveLength(1);
    const audit = await db().select().from(auditLog).where(eq(auditLog.student_id, student.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['address_confirm_link', 'address_confirm']),
    );
  });

  it('refuses a field the record leaves empty, and a staff session', async () => {
    const { agent } = await familyWith({ email_father: '  ' });
    const empty = await agent.post('/api/student/contacts/confirm-link', { field: 'email_father' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, noAddressInField]);
    const unknown = await agent.post('/api/student/contacts/confirm-link', { field: 'email_aunt' });
    expect(unknown.statusCode).toBe(400);
    expect((await (await t.signInAdmin()).get('/api/student/contacts')).statusCode).toBe(403);
  });

  it('limits a student to a few links an hour', async () => {
    await db().delete(rateLimits);
    const { agent } = await familyWith({ email_guardian: 'gran.limit@example.com' });
    for (let i = 0; i < CONFIRM_LINKS_PER_HOUR; i++)
      expect(
        (await agent.post('/api/student/contacts/confirm-link', { field: 'email_guardian' })).statusCode,
      ).toBe(200);
    const refused = await agent.post('/api/student/contacts/confirm-link', { field: 'email_guardian' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/);
    expect(await mailsTo(db(), 'gran.limit@example.com')).toHaveLength(CONFIRM_LINKS_PER_HOUR);
  });

  it('expires a confirmation link after 7 days', async () => {
    const { agent } = await familyWith({ email: 'late.opener@example.com' });
    await agent.post('/api/student/contacts/confirm-link', { field: 'email' });
    await agent.post('/api/student/contacts/confirm-link', { field: 'email' });
    const [early, late] = (await mailsTo(db(), 'late.opener@example.com')).map((m) =>
      latestToken(m.text_body),
    );
    t.clock.advanceMinutes(CONFIRM_LINK_DAYS * 1440 - 1);
    expect((await confirm(early!)).statusCode).toBe(200);
    t.clock.advanceMinutes(2);
    expect((await confirm(late!)).json().message).toBe(linkNotValid);
  });
});

const latestToken = (text: string) => /\?token=([A-Za-z0-9_-]+)/.exec(text)![1];

describe('a confirmation is the owner’s, for the address the record holds', () => {
  it('does not count for a sibling whose record holds the same address', async () => {
    const shared = 'shared.parent@example.com';
    const first = await familyWith({ email_mother: shared });
    const sibling = await familyWith({ email_mother: shared });
    await first.agent.post('/api/student/contacts/confirm-link', { field: 'email_mother' });
    await confirm((await latestLink(db(), shared)).token);
    expect((await first.agent.get('/api/student/contacts')).json().addresses[0].confirmed).toBe(true);
    expect((await sibling.agent.get('/api/student/contacts')).json().addresses[0].confirmed).toBe(false);
  });

  it('accepts a link to an address the record has since dropped, which then counts for nothing', async () => {
    const { agent, student } = await familyWith({ email_father: 'old.dad@example.com' });
    await agent.post('/api/student/contacts/confirm-link', { field: 'email_father' });
    const { token } = await latestLink(db(), 'old.dad@example.com');
    // The office changes the father's address before he opens the link.
    const office = await t.signInAdmin();
    expect(
      (await office.post('/api/student', { id: student.id, email_father: 'new.dad@example.com' })).statusCode,
    ).toBe(200);
    expect((await confirm(token)).json()).toEqual({ address: 'old.dad@example.com', kind: 'student' });
    expect((await agent.get('/api/student/contacts')).json().addresses).toEqual([
      { field: 'email_father', label: 'Father', address: 'new.dad@example.com', confirmed: false },
    ]);
  });
});

describe('a parent asking for a confirmation link (D50)', () => {
  it('sends it for the child the tab shows and names the parent in the audit', async () => {
    const { student } = await t.signInStudent();
    await setAddresses(db(), student.id, { email_mother: 'mother.of.tab@example.org' });
    const { agent, parent } = await t.signInParent([student.id]);
    const res = await agent.post(
      '/api/student/contacts/confirm-link',
      { field: 'email_mother' },
      { headers: { [CHILD_HEADER]: student.id } },
    );
    expect(res.statusCode).toBe(200);
    expect(await mailsTo(db(), 'mother.of.tab@example.org')).toHaveLength(1);
    const rows = await db().select().from(auditLog).where(eq(auditLog.student_id, student.id));
    expect(rows.find((r) => r.action === 'address_confirm_link')).toMatchObject({
      actor_kind: 'parent',
      actor_id: String(parent.id),
    });
  });
});
