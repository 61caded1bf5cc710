import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** One message the catcher accepted, as it came over the wire. */
export interface CaughtMessage {
  from: string;
  to: string[];
  /** The raw RFC 5322 message; tests parse it (mailparser). */
  raw: Buffer;
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  /** What was accepted, oldest first (at most `maxMessages`; the oldest are dropped beyond that). */
  messages: CaughtMessage[];
  /** Answers 451 at MAIL FROM and DATA for `ms` milliseconds, as a mail server that is down would; false ends it. */
  refuse(ms: number | false): void;
  close(): Promise<void>;
}

export interface CatcherOptions {
  port?: number;
  maxMessages?: number;
  maxMessageBytes?: number;
}

const refused = () => Object.assign(new Error('Mail service busy, try again later'), { responseCode: 451 });

/**
 * An SMTP server in this process that keeps what it is sent (D52): the demo's "mail server" and the tests'
 * inbox. No TLS and no sign-in, on 127.0.0.1 only; bounded in messages kept and in bytes per message.
 */
export async function startMailCatcher(options: CatcherOptions = {}): Promise<MailCatcher> {
  const maxMessages = options.maxMessages ?? 10_000;
  const maxBytes = options.maxMessageBytes ?? 5 * 1024 * 1024;
  const messages: CaughtMessage[] = [];
  let refuseUntil = 0;
  const refusing = () => Date.now() < refuseUntil;

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: maxBytes,
    // The pooled transport keeps its connections open between batches.
    socketTimeout: 60_000,
    onMailFrom(_address, _session, callback) {
      callback(refusing() ? refused() : null);
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= maxBytes) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded || bytes > maxBytes)
          return callback(Object.assign(new Error('Message too big'), { responseCode: 552 }));
        if (refusing()) return callback(refused());
        const { mailFrom, rcptTo } = session.envelope;
        messages.push({
          from: mailFrom ? mailFrom.address : '',
          to: rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        if (messages.length > maxMessages) messages.splice(0, messages.length - maxMessages);
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  server.on('error', () => {
    // A client that drops its connection is not the catcher's problem.
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    refuse(ms) {
      refuseUntil = ms === false ? 0 : Date.now() + ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
