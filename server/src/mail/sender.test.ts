import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { outbox } from '../db/schema.js';
import { writeSetting } from '../shared/settings.js';
import { caughtMessageIds, queueTestMails } from '../test/mail-catcher.js';
import { plainPng } from '../test/pictures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { startMailCatcher, type MailCatcher } from './catcher.js';
import { START_ID } from './ack-journal.js';
import { ACCEPTED_BEFORE_RESTART } from './recovery.js';
import { openTransport, type MailTransport } from './transport.js';
import { backoffMs, MailSender, MAX_ATTEMPTS, NOT_CONFIGURED } from './sender.js';

let t: TestApp;
let catcher: MailCatcher;
let dataDir: string;
let sender: MailSender | undefined;

beforeAll(async () => {
  t = await createTestApp();
  catcher = await startMailCatcher({ maxMessageBytes: 20_000 });
});
afterAll(async () => {
  await catcher.close();
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(outbox);
  catcher.messages.length = 0;
  catcher.refuse(false);
  dataDir = mkdtempSync(join(tmpdir(), 'sp-mail-'));
});
afterEach(async () => {
  await sender?.close();
  sender = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

const open = (options: Partial<ConstructorParameters<typeof MailSender>[0]> = {}) =>
  (sender = new MailSender({
    db: t.database.db,
    config: loadConfig({
      SMTP_URL: catcher.url,
      DATA_DIR: dataDir,
      MAIL_FROM: 'School <office@school.example>',
    }),
    clock: t.clock.now,
    ...options,
  }));
const rows = () => t.database.db.select().from(outbox).orderBy(outbox.id);

describe('the sender loop (ADR 0039)', () => {
  it('sends each due row once with its own Message-ID and headers, then marks it sent with the reply', async () => {
    await queueTestMails(t.database.db, 3, t.clock.now(), {
      headers: { 'List-Unsubscribe': '<http://portal.example/unsubscribe?token=x>' },
    });
    const s = open();
    expect(await s.tick()).toBe(3);
    expect(await s.tick()).toBe(0);
    const after = await rows();
    expect(after.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(after[0]!.smtp_response).toMatch(/^250/);
    expect(after[0]!.attempts).toBe(1);
    expect(caughtMessageIds(catcher)).toEqual(after.map((r) => r.message_id));
    expect(catcher.messages[0]!.raw.toString()).toContain(
      'List-Unsubscribe: <http://portal.example/unsubscribe?token=x>',
    );
    expect(catcher.messages[0]!.to).toEqual(['a1@example.org']);
    // Every acknowledgement is in the journal only until its row is marked sent.
    const journals = readdirSync(join(dataDir, 'mail'));
    expect(journals).toEqual([`acks-${process.pid}_${START_ID}.log`]);
    expect(readFileSync(join(dataDir, 'mail', journals[0]!), 'utf8')).toBe('');
  });

  it('does not send a row before its next attempt is due', async () => {
    await queueTestMails(t.database.db, 1, new Date(t.clock.now().getTime() + 60_000));
    expect(await open().tick()).toBe(0);
    expect(catcher.messages).toHaveLength(0);
  });

  it('without a mail server marks queued rows unsent, saying why', async () => {
    await queueTestMails(t.database.db, 2, t.clock.now());
    await open({ transport: null }).tick();
    expect((await rows()).map((r) => [r.status, r.last_error])).toEqual([
      ['unsent', NOT_CONFIGURED],
      ['unsent', NOT_CONFIGURED],
    ]);
  });

  it('puts a refused message back with a backoff, and sends it when due once the server accepts again', async () => {
    await queueTestMails(t.database.db, 1, t.clock.now());
    catcher.refuse(60_000);
    const s = open({ backoff: () => 30_000 });
    await s.tick();
    const [refused] = await rows();
    expect(refused).toMatchObject({ status: 'queued', attempts: 1, claimed_by: null });
    expect(refused!.last_error).toMatch(/451/);
    expect(refused!.next_attempt_at.getTime() - t.clock.now().getTime()).toBe(30_000);
    catcher.refuse(false);
    expect(await s.tick()).toBe(0);
    t.clock.advance(30_000);
    await s.tick();
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(catcher.messages).toHaveLength(1);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts, and at once on a permanent (5xx) refusal`, async () => {
    // Too big for the catcher: 552, a permanent refusal.
    await queueTestMails(t.database.db, 1, t.clock.now(), { text: 'x'.repeat(30_000) });
    const s = open({ backoff: () => 0 });
    await s.tick();
    const [big] = await rows();
    expect(big).toMatchObject({ status: 'failed', attempts: 1 });
    expect(big!.last_error).toMatch(/552/);
    await queueTestMails(t.database.db, 1, t.clock.now());
    catcher.refuse(600_000);
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) await s.tick();
    expect((await rows())[1]).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(catcher.messages).toHaveLength(0);
  });

  it('keeps no usable token of a password or confirmation link once the message is sent or failed', async () => {
    const link = (page: string) => `http://portal.example/${page}?token=Abc_12-xyz`;
    for (const kind of ['password_reset_link', 'confirm_address', 'staff_password_reset_link'] as const)
      await queueTestMails(t.database.db, 1, t.clock.now(), {
        kind,
        text: `Open ${link('reset-password')} within 30 minutes.`,
        html: `<a href="${link('reset-password')}">Set a password</a>`,
      });
    await queueTestMails(t.database.db, 1, t.clock.now(), { text: `Keep ${link('unsubscribe')}` });
    // Too big for the catcher: failed for good.
    await queueTestMails(t.database.db, 1, t.clock.now(), {
      kind: 'confirm_address',
      text: `${link('confirm')} ${'x'.repeat(30_000)}`,
    });
    await open().tick();
    expect(catcher.messages).toHaveLength(4);
    const delivered = await Promise.all(catcher.messages.map((m) => simpleParser(m.raw)));
    // The three links and the unsubscribe link went out whole.
    expect(delivered.filter((m) => m.text?.includes('?token=Abc_12-xyz'))).toHaveLength(4);
    const after = await rows();
    expect(after.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'failed']);
    for (const r of [...after.slice(0, 3), after[4]!]) {
      expect(`${r.text_body} ${r.html_body}`).not.toContain('Abc_12');
      expect(r.text_body).toContain('?token=sent');
    }
    expect(after[0]!.html_body).toBe(
      '<a href="http://portal.example/reset-password?token=sent">Set a password</a>',
    );
    // Other kinds keep their bodies as sent (an unsubscribe link stays usable by design).
    expect(after[3]!.text_body).toBe(`Keep ${link('unsubscribe')}`);
  });

  it('fails a message for good on a 5xx to its recipient, and retries on a 5xx at sign-in or MAIL FROM', async () => {
    let refuseAt = 'AUTH';
    const refusal = (at: string, code: number) =>
      refuseAt === at ? Object.assign(new Error(`${at} refused`), { responseCode: code }) : null;
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (_auth, _session, callback) => callback(refusal('AUTH', 535), { user: 'portal' }),
      onMailFrom: (_address, _session, callback) => callback(refusal('MAIL FROM', 550)),
      onRcptTo: (_address, _session, callback) => callback(refusal('RCPT TO', 550)),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      await queueTestMails(t.database.db, 1, t.clock.now());
      const transport = openTransport({
        SMTP_URL: `smtp://portal:secret@127.0.0.1:${port}`,
        MAIL_FROM: 'a@b.example',
      });
      const s = open({ transport, backoff: () => 0 });
      const outcomes: unknown[][] = [];
      for (const at of ['AUTH', 'MAIL FROM', 'RCPT TO']) {
        refuseAt = at;
        await s.tick();
        const [row] = await rows();
        outcomes.push([row!.status, row!.attempts, /\b5\d\d\b/.exec(row!.last_error ?? '')?.[0]]);
      }
      expect(outcomes).toEqual([
        ['queued', 1, '535'],
        ['queued', 2, '550'],
        ['failed', 3, '550'],
      ]);
    } finally {
      await sender?.close();
      sender = undefined;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("attaches the school's logo inline when the HTML shows it, and follows a new logo", async () => {
    const logo = await plainPng(40, 40);
    const stored = (data: Buffer, version: string) =>
      writeSetting(
        t.database.db,
        'school_logo',
        { content_type: 'image/png', version, data: data.toString('base64') },
        t.clock.now(),
      );
    await stored(logo, 'aaaaaaaaaaaaaaaa');
    await queueTestMails(t.database.db, 1, t.clock.now(), { html: '<img src="cid:school-logo"><p>Hi</p>' });
    await queueTestMails(t.database.db, 1, t.clock.now());
    await open().tick();
    const parsed = await Promise.all(catcher.messages.map((m) => simpleParser(m.raw)));
    const [withLogo, without] = [...parsed].sort((a, b) =>
      a.subject === 'Test 1' ? -1 : b.subject === 'Test 1' ? 1 : 0,
    );
    expect(withLogo!.attachments.map((a) => [a.cid, a.contentType, a.content.length])).toEqual([
      ['school-logo', 'image/png', logo.length],
    ]);
    expect(without!.attachments).toEqual([]);

    const other = await plainPng(60, 60, { r: 200, g: 0, b: 0, alpha: 1 });
    t.clock.advance(1000);
    await stored(other, 'bbbbbbbbbbbbbbbb');
    await queueTestMails(t.database.db, 1, t.clock.now(), { html: '<img src="cid:school-logo">' });
    await sender!.tick();
    const latest = await simpleParser(catcher.messages[2]!.raw);
    expect(latest.attachments[0]!.content.length).toBe(other.length);
    await t.database.db.execute(sql`DELETE FROM settings WHERE key = 'school_logo'`);
  });

  it('recovers an expired claim: sent when a journal holds its acknowledgement, else queued and sent', async () => {
    await queueTestMails(t.database.db, 2, t.clock.now());
    const [acked, lost] = await rows();
    const past = new Date(t.clock.now().getTime() - 1000);
    await t.database.db
      .update(outbox)
      .set({ status: 'sending', claimed_by: 'elsewhere:1', claimed_until: past, attempts: 1 });
    const dir = join(dataDir, 'mail');
    const s = open();
    writeFileSync(join(dir, 'acks-999999.log'), `${acked!.id} ${acked!.message_id} 250 OK queued\n`);
    await s.tick();
    const after = await rows();
    expect(after[0]).toMatchObject({ status: 'sent', smtp_response: ACCEPTED_BEFORE_RESTART, attempts: 1 });
    expect(after[1]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(caughtMessageIds(catcher)).toEqual([lost!.message_id]);
  });

  it('recovers at once the claims and journal of an earlier start that had the same pid (a restarted container)', async () => {
    const text = 'Open http://portal.example/reset-password?token=Abc_12-xyz';
    await queueTestMails(t.database.db, 2, t.clock.now(), { kind: 'password_reset_link', text });
    const [acked, lost] = await rows();
    const future = new Date(t.clock.now().getTime() + 60_000);
    const earlier = `${hostname().slice(0, 60)}:${process.pid}:0badc0ffee00`;
    await t.database.db
      .update(outbox)
      .set({ status: 'sending', claimed_by: earlier, claimed_until: future, attempts: 1 });
    const s = open();
    const journal = join(dataDir, 'mail', `acks-${process.pid}_0badc0ffee00.log`);
    writeFileSync(journal, `${acked!.id} ${acked!.message_id} 250 OK queued\n`);
    await s.tick();
    const after = await rows();
    expect(after[0]).toMatchObject({ status: 'sent', smtp_response: ACCEPTED_BEFORE_RESTART, attempts: 1 });
    expect(after[1]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(caughtMessageIds(catcher)).toEqual([lost!.message_id]);
    // Marked sent on recovery, a link's token is not kept either.
    expect(after.map((r) => r.text_body)).toEqual([0, 1].map(() => text.replace('Abc_12-xyz', 'sent')));
    // The earlier start's journal is a dead process's, removed once none of its rows is still being sent.
    expect(existsSync(journal)).toBe(false);
  });

  it('does not overwrite a row that another process claimed while this one was still sending it', async () => {
    await queueTestMails(t.database.db, 2, t.clock.now());
    const other = 'elsewhere:1:0badc0ffee00';
    const s = open();
    const transport = (s as unknown as { transport: MailTransport }).transport;
    const send = transport.sendMail.bind(transport);
    transport.sendMail = async (mail: Parameters<typeof send>[0]) => {
      // The claim ran out mid-batch: another process recovered the row and claimed it again.
      await t.database.db
        .update(outbox)
        .set({ claimed_by: other })
        .where(eq(outbox.to_address, mail.to as string));
      if (mail.to === 'a2@example.org') throw Object.assign(new Error('451 busy'), { responseCode: 451 });
      return send(mail);
    };
    await s.tick();
    expect((await rows()).map((r) => [r.status, r.claimed_by, r.last_error])).toEqual([
      ['sending', other, null],
      ['sending', other, null],
    ]);
    await t.database.db.update(outbox).set({ status: 'queued' }).where(eq(outbox.status, 'sending'));
  });

  it('leaves a claim that has not expired to the process that holds it', async () => {
    await queueTestMails(t.database.db, 1, t.clock.now());
    const future = new Date(t.clock.now().getTime() + 60_000);
    await t.database.db
      .update(outbox)
      .set({ status: 'sending', claimed_by: 'elsewhere:1', claimed_until: future });
    await open().tick();
    expect((await rows())[0]!.status).toBe('sending');
    await t.database.db.update(outbox).set({ status: 'queued' }).where(eq(outbox.status, 'sending'));
  });

  it('backs off from 30 s, doubling, with jitter, to at most an hour', () => {
    expect(backoffMs(1, () => 0.5)).toBe(30_000);
    expect(backoffMs(2, () => 0.5)).toBe(60_000);
    expect(backoffMs(1, () => 0)).toBe(24_000);
    expect(backoffMs(1, () => 1)).toBe(36_000);
    expect(backoffMs(8, () => 1)).toBe(3_600_000);
    expect(backoffMs(50, () => 0.5)).toBe(3_600_000);
  });
});
