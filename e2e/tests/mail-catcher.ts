import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One delivered e-mail as a family's mail program would show it. */
export interface Delivered {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Each header's whole line as sent, by its lower-case name. */
  headers: Map<string, string>;
}

export interface Inbox {
  /** smtp://127.0.0.1:<port>, for the portal's SMTP_URL. */
  url: string;
  messages: Delivered[];
  /** The first message `match` accepts, waiting for the portal's sender to deliver it. */
  next(match: (m: Delivered) => boolean, timeoutMs?: number): Promise<Delivered>;
  close(): Promise<void>;
}

/**
 * A real SMTP server in the Playwright process, the portal's mail server in the e-mail specs: what the portal's
 * sender hands over is parsed (mailparser) and kept, in the order it arrived.
 */
export async function startInbox(): Promise<Inbox> {
  const messages: Delivered[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: new Map(parsed.headerLines.map((h) => [h.key, h.line])),
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const { port } = server.server.address() as { port: number };

  const next = async (match: (m: Delivered) => boolean, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(match);
      if (found) return found;
      if (Date.now() > deadline) {
        const seen = messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('\n');
        throw new Error(`no such e-mail within ${timeoutMs} ms; delivered:\n${seen}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The first link in a message's text that opens `path` on the portal (a confirmation or password link). */
export function linkIn(message: Delivered, path: string): string {
  const found = new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_-]+`).exec(message.text);
  if (!found) throw new Error(`no ${path} link in:\n${message.text}`);
  return found[0];
}
