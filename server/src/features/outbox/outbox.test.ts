import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OUTBOX_PAGE_SIZE, type OutboxMessage, type OutboxPage, type OutboxRow } from '@sp/domain';
import { loadConfig } from '../../config.js';
import { auditLog, outbox } from '../../db/schema.js';
import { startMailCatcher } from '../../mail/catcher.js';
import { notifyStudents } from '../../mail/notify.js';
import { MailSender } from '../../mail/sender.js';
import { createStudent } from '../../test/factories.js';
import type { Agent } from '../../test/agent.js';
import { queueTestMails } from '../../test/mail-catcher.js';
import { familyAddresses } from '../../test/mail-recipients.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { confirmAddressOf, latestLink, mailsTo, setAddresses } from '../password-links/link-kit.js';
import { outboxMessages } from './outbox.js';

let t: TestApp;
let admin: Agent;
let otherAdmin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  [admin, otherAdmin] = [await t.signInAdmin(), await t.signInAdmin()];
});
afterAll(() => t.close());
beforeEach(() => t.database.db.delete(outbox));

const db = () => t.database.db;
const page = async (agent: Agent, query = '') => {
  const res = await agent.get(`/api/admin/outbox${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OutboxPage>();
};
/** A password-reset e-mail queued to a student's confirmed mother, as the forgot-password page asks. */
async function resetLink() {
  const student = await createStudent(db());
  const mother = `mum.${student.id.toLowerCase()}@example.com`;
  await setAddresses(db(), student.id, { email_mother: mother });
  await confirmAddressOf(db(), 'student', student.id, mother);
  expect((await t.agent().post('/api/forgot-password', { student_id: student.id })).statusCode).toBe(200);
  return latestLink(db(), mother);
}
const ids = async () =>
  (await db().select({ id: outbox.id }).from(outbox).orderBy(outbox.id)).map((r) => r.id);

describe('the outbox list (D52)', () => {
  it('shows the newest first, a page at a time, with the count of each status and a status filter', async () => {
    await queueTestMails(db(), OUTBOX_PAGE_SIZE + 3, t.clock.now());
    const [first, second] = await ids();
    await db()
      .update(outbox)
      .set({ status: 'failed', last_error: '550 no such user' })
      .where(eq(outbox.id, first!));
    await db().update(outbox).set({ status: 'sent' }).where(eq(outbox.id, second!));

    const all = await page(admin);
    expect(all.total).toBe(OUTBOX_PAGE_SIZE + 3);
    expect(all.counts).toEqual({ queued: OUTBOX_PAGE_SIZE + 1, sending: 0, sent: 1, failed: 1, unsent: 0 });
    expect(all.configured).toBe(false);
    expect(all.rows).toHaveLength(OUTBOX_PAGE_SIZE);
    expect(all.rows[0]!.subject).toBe(`Test ${OUTBOX_PAGE_SIZE + 3}`);
    expect((await page(admin, '?page=2')).rows.map((r) => r.subject)).toEqual(['Test 3', 'Test 2', 'Test 1']);

    const failed = await page(admin, '?status=failed');
    expect(failed.total).toBe(1);
    expect(failed.rows).toEqual([
      expect.objectContaining({
        id: first,
        status: 'failed',
        last_error: '550 no such user',
        to_address: 'a1@example.org',
      }),
    ]);
  });

  it('refuses an unknown status or page with 400', async () => {
    for (const query of ['?status=lost', '?page=0', '?page=x', '?page=10001', '?other=1'])
      expect((await admin.get(`/api/admin/outbox${query}`)).statusCode, query).toBe(400);
  });

  it('is for the admin role only', async () => {
    const staff = await t.signInStaff();
    expect((await staff.get('/api/admin/outbox')).statusCode).toBe(403);
    expect((await staff.post('/api/admin/settings/test-email', { to: 'x@example.org' })).statusCode).toBe(
      403,
    );
    expect((await t.agent().get('/api/admin/outbox')).statusCode).toBe(401);
  });

  it('says when a mail server is configured', async () => {
    const configured = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      expect((await page(await configured.signInAdmin())).configured).toBe(true);
    } finally {
      await configured.close();
    }
  });
});

describe('one message (the preview)', () => {
  it('answers its text, HTML and headers', async () => {
    await queueTestMails(db(), 1, t.clock.now(), { headers: { 'List-Unsubscribe': '<http://x/u>' } });
    const [id] = await ids();
    const res = await admin.get(`/api/admin/outbox/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<OutboxMessage>()).toMatchObject({
      id,
      subject: 'Test 1',
      text: 'Message 1',
      html: '<p>Message 1</p>',
      headers: { 'List-Unsubscribe': '<http://x/u>' },
      status: 'queued',
    });
  });

  it("hides the token of a reset link, so an admin cannot use another person's live link", async () => {
    const { row, token } = await resetLink();
    const preview = (await admin.get(`/api/admin/outbox/${row.id}`)).json<OutboxMessage>();
    expect(preview.kind).toBe('password_reset_link');
    for (const body of [preview.text, preview.html]) {
      expect(body).not.toContain(token);
      expect(body).toContain('/reset-password?token=[hidden]');
    }
  });

  it('is 404 for an id nobody has and 400 for one that is not a number', async () => {
    expect((await admin.get('/api/admin/outbox/999999')).json()).toMatchObject({
      message: outboxMessages.notFound,
    });
    expect((await admin.get('/api/admin/outbox/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/outbox/abc')).statusCode).toBe(400);
  });
});

describe('resending', () => {
  it("queues a failed message again with its attempts afresh, audited; another admin's list shows it queued", async () => {
    await queueTestMails(db(), 2, t.clock.now());
    const [failed, unsent] = await ids();
    await db()
      .update(outbox)
      .set({ status: 'failed', attempts: 8, last_error: '550' })
      .where(eq(outbox.id, failed!));
    await db().update(outbox).set({ status: 'unsent', last_error: 'not sent' }).where(eq(outbox.id, unsent!));
    for (const id of [failed, unsent]) {
      const res = await admin.post(`/api/admin/outbox/${id}/resend`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<OutboxRow>()).toMatchObject({ id, status: 'queued', attempts: 0, last_error: null });
    }
    expect((await page(otherAdmin)).counts).toMatchObject({ queued: 2, failed: 0, unsent: 0 });
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'mail_resend'));
    expect(
      audit.filter((a) => [failed, unsent].includes((a.detail as { outbox_id: number }).outbox_id)),
    ).toHaveLength(2);
  });

  it('refuses a message already sent (409, saying so), one still queued, and an unknown one', async () => {
    await queueTestMails(db(), 2, t.clock.now());
    const [sent, queued] = await ids();
    await db().update(outbox).set({ status: 'sent' }).where(eq(outbox.id, sent!));
    const again = await admin.post(`/api/admin/outbox/${sent}/resend`);
    expect([again.statusCode, again.json()]).toEqual([409, { message: outboxMessages.alreadySent }]);
    expect((await admin.post(`/api/admin/outbox/${queued}/resend`)).statusCode).toBe(409);
    expect((await admin.post('/api/admin/outbox/999999/resend')).statusCode).toBe(404);
    const rows = await db()
      .select({ status: outbox.status })
      .from(outbox)
      .where(inArray(outbox.id, [sent!, queued!]));
    expect(rows.map((r) => r.status).sort()).toEqual(['queued', 'sent']);
  });
});

describe('resending what must not go out again', () => {
  const failAll = () =>
    db().update(outbox).set({ status: 'failed', last_error: '550' }).where(eq(outbox.status, 'queued'));
  const resend = async (id: number) => {
    const res = await admin.post(`/api/admin/outbox/${id}/resend`);
    return [res.statusCode, res.json<{ message?: string }>().message];
  };

  it('refuses a failed password-reset link: a new one is asked for instead', async () => {
    const { row } = await resetLink();
    await failAll();
    expect(await resend(row.id)).toEqual([409, outboxMessages.linkNotResent]);
    expect((await db().select().from(outbox).where(eq(outbox.id, row.id)))[0]!.status).toBe('failed');
  });

  /** A password_reset_by_staff e-mail to a student's confirmed mother, which the mail server refused. */
  async function failedNotification() {
    const student = await createStudent(db());
    const { mother } = await familyAddresses(db(), student.id);
    await db().transaction((tx) =>
      notifyStudents(
        tx,
        t.app.ctx,
        'password_reset_by_staff',
        [student.id],
        (s) => ({ studentName: s.name, link: 'x' }),
        new Date(),
      ),
    );
    await failAll();
    const [mail] = await mailsTo(db(), mother);
    return { student, mail: mail! };
  }

  it('resends a notification while the address still receives it, not once the family unsubscribed', async () => {
    const { mail } = await failedNotification();
    expect(await resend(mail.id)).toEqual([200, undefined]);

    // The mother stops this kind from the link in the e-mail; the admin's resend then refuses.
    await failAll();
    const oneClick = /<https?:\/\/[^/]+(\/[^>]+)>/.exec(mail.headers['List-Unsubscribe']!)![1]!;
    expect((await t.agent().post(oneClick, undefined, { xsrf: false })).statusCode).toBe(200);
    expect(await resend(mail.id)).toEqual([409, outboxMessages.noLongerRecipient]);
  });

  it('refuses a notification to an address the record no longer holds', async () => {
    const { student, mail } = await failedNotification();
    await setAddresses(db(), student.id, { email_mother: 'new.mum@example.com' });
    expect(await resend(mail.id)).toEqual([409, outboxMessages.noLongerRecipient]);
  });
});

describe('the test e-mail from Settings', () => {
  it('is queued through the outbox, goes out, and the other admin sees it sent', async () => {
    const res = await admin.post('/api/admin/settings/test-email', { to: ' Office@School.example ' });
    expect(res.statusCode, res.body).toBe(202);
    const row = res.json<OutboxRow>();
    expect(row).toMatchObject({ kind: 'test', to_address: 'Office@School.example', status: 'queued' });
    const preview = (await otherAdmin.get(`/api/admin/outbox/${row.id}`)).json<OutboxMessage>();
    expect(preview.text).toContain('Maria Admin sent this test');

    const catcher = await startMailCatcher();
    const dataDir = mkdtempSync(join(tmpdir(), 'sp-outbox-'));
    const sender = new MailSender({
      db: db(),
      config: loadConfig({ SMTP_URL: catcher.url, DATA_DIR: dataDir }),
    });
    try {
      await sender.tick();
      expect(catcher.messages.map((m) => m.to)).toEqual([['Office@school.example']]);
      expect((await page(otherAdmin, '?status=sent')).rows.map((r) => r.id)).toEqual([row.id]);
    } finally {
      await sender.close();
      await catcher.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses an address that is not one (400) and asks for one that is missing', async () => {
    for (const body of [
      { to: 'not-an-address' },
      { to: '' },
      {},
      { to: 'a@b.example', extra: 1 },
      { to: `${'a'.repeat(250)}@b.example` },
    ])
      expect(
        (await admin.post('/api/admin/settings/test-email', body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    expect(await ids()).toEqual([]);
  });
});
