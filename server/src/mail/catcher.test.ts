import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startMailCatcher, type MailCatcher } from './catcher.js';
import { openTransport, type MailTransport } from './transport.js';

let catcher: MailCatcher | undefined;
let transport: MailTransport | undefined;

async function open(options: Parameters<typeof startMailCatcher>[0] = {}) {
  const c = await startMailCatcher(options);
  const t = openTransport(
    loadConfig({ SMTP_URL: c.url, MAIL_FROM: 'Hillview Secondary <office@hillview.example>' }),
  )!;
  [catcher, transport] = [c, t];
  return { catcher: c, transport: t };
}

afterEach(async () => {
  transport?.close();
  await catcher?.close();
  transport = catcher = undefined;
});

describe('the pooled transport and the mail catcher', () => {
  it('has no transport without SMTP_URL', () => {
    expect(openTransport(loadConfig({}))).toBeNull();
  });

  it('delivers a message with its envelope, MAIL_FROM as sender and the Message-ID given', async () => {
    const { catcher, transport } = await open();
    const info = (await transport.sendMail({
      to: 'parent@example.org',
      subject: 'Report cards',
      text: 'Posted.',
      messageId: '<fixed-1@student-portal>',
    })) as { response: string };
    expect(info.response).toMatch(/^250/);
    expect(catcher.messages).toHaveLength(1);
    const [caught] = catcher.messages;
    expect(caught!.from).toBe('office@hillview.example');
    expect(caught!.to).toEqual(['parent@example.org']);
    const parsed = await simpleParser(caught!.raw);
    expect(parsed.messageId).toBe('<fixed-1@student-portal>');
    expect(parsed.subject).toBe('Report cards');
    expect(parsed.text?.trim()).toBe('Posted.');
  });

  it('refuses with a 4xx while told to, and accepts again afterwards', async () => {
    const { catcher, transport } = await open();
    catcher.refuse(60_000);
    await expect(transport.sendMail({ to: 'a@example.org', subject: 's', text: 't' })).rejects.toMatchObject({
      responseCode: 451,
    });
    catcher.refuse(false);
    await transport.sendMail({ to: 'a@example.org', subject: 's', text: 't' });
    expect(catcher.messages).toHaveLength(1);
  });

  it('keeps at most maxMessages and refuses a message over the size cap with 552', async () => {
    const { catcher, transport } = await open({ maxMessages: 2, maxMessageBytes: 2000 });
    for (const subject of ['one', 'two', 'three'])
      await transport.sendMail({ to: 'a@example.org', subject, text: 'short' });
    const subjects = await Promise.all(
      catcher.messages.map(async (m) => (await simpleParser(m.raw)).subject),
    );
    expect(subjects).toEqual(['two', 'three']);
    await expect(
      transport.sendMail({ to: 'a@example.org', subject: 'big', text: 'x'.repeat(5000) }),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect(catcher.messages).toHaveLength(2);
  });
});
