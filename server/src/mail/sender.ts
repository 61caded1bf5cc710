import { hostname } from 'node:os';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { systemClock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema.js';
import { AckJournal, START_ID } from './ack-journal.js';
import { bodiesWithoutTokens, recoverClaims, pruneJournals } from './recovery.js';
import { schoolLogo, type InlineLogo } from './logo.js';
import { openTransport, type MailTransport } from './transport.js';

export const MAX_ATTEMPTS = 8;
export const NOT_CONFIGURED = 'not sent: no mail server configured';

/** 30 s, doubling, at most an hour, each ±20 % so that messages refused together do not come back together. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = 30_000 * 2 ** Math.min(Math.max(attempts - 1, 0), 20);
  return Math.min(Math.round(base * (0.8 + 0.4 * random())), 3_600_000);
}

/**
 * A 5xx answer to the recipient (RCPT TO) or to the message (DATA) is about this message, so it is final. A 5xx
 * anywhere else (535 at sign-in, 550 at MAIL FROM, at connecting) is the mail server's setup, which someone
 * can fix: the message is tried again with the backoff, up to the attempts' limit.
 */
export function refusedForGood(err: unknown): boolean {
  const { responseCode = 0, command = '' } = err as { responseCode?: number; command?: string };
  if (responseCode < 500) return false;
  return command === 'RCPT TO' || command === 'DATA';
}

export interface SenderOptions {
  db: Db;
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>;
  clock?: Clock;
  onError?: (err: unknown) => void;
  /** The transport to use instead of SMTP_URL's (null: no mail server). */
  transport?: MailTransport | null;
  /** Rows claimed at once. */
  batch?: number;
  /** How often the loop looks for due rows when it found none. */
  pollMs?: number;
  /** How long a claim holds before another process may recover the row. */
  claimMs?: number;
  backoff?: (attempts: number) => number;
  /** Tests only: the process kills itself after a journal line is written, before the row is marked sent. */
  crashAfterAck?: boolean;
}

type Headers = Record<string, string>;

/** Rows whose bodies are read in one query. */
const BODY_CHUNK = 10;

type Sent = { id: number; r: string };
type Failed = { id: number; error: string; final: boolean; attempts: number };

interface Claimed {
  id: number | string;
  to_address: string;
  subject: string;
  headers: Headers | string;
  message_id: string;
  attempts: number;
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * The outbox's sender loop (D52, ADR 0039), one in every server process. Rows are claimed with FOR UPDATE
 * SKIP LOCKED, so processes on one PostgreSQL database never claim the same row; each acknowledgement goes to
 * the journal before the row is marked sent, so a message accepted just before a crash is not sent again.
 */
export class MailSender {
  readonly owner = `${hostname().slice(0, 60)}:${process.pid}:${START_ID}`;
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly transport: MailTransport | null;
  private readonly journal: AckJournal;
  private readonly batch: number;
  private readonly pollMs: number;
  private readonly claimMs: number;
  private readonly backoff: (attempts: number) => number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private ticks = 0;

  constructor(private readonly options: SenderOptions) {
    this.db = options.db;
    this.clock = options.clock ?? systemClock;
    this.transport = options.transport === undefined ? openTransport(options.config) : options.transport;
    this.journal = new AckJournal(join(options.config.DATA_DIR, 'mail'));
    this.batch = options.batch ?? 100;
    this.pollMs = options.pollMs ?? 1000;
    // Longer than a slow batch takes (100 rows over 5 connections with 60 s timeouts): only a crash on another
    // machine waits for it, since a dead process of this machine is recovered at once by its pid.
    this.claimMs = options.claimMs ?? 30 * 60_000;
    this.backoff = options.backoff ?? backoffMs;
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  /** Runs the loop until close(): at once, then every pollMs, and straight on while there is more to send. */
  start(): this {
    this.schedule(0);
    return this;
  }

  /** Looks for due rows now instead of at the next poll (a commit that queued mail). */
  wake(): void {
    if (this.timer) this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick()
        .then((claimed) => this.schedule(claimed >= this.batch ? 0 : this.pollMs))
        .catch((err: unknown) => {
          this.options.onError?.(err);
          this.schedule(this.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  /** One round: recover expired claims, then claim and send a batch. Answers how many rows it claimed. */
  tick(): Promise<number> {
    const run = this.running.then(() => this.round());
    this.running = run.catch(() => undefined);
    return run;
  }

  private async round(): Promise<number> {
    const now = this.clock();
    await recoverClaims(this.db, this.owner, this.journal.dir, now);
    if (this.ticks++ % 60 === 0) await pruneJournals(this.db, this.journal.dir);
    if (!this.transport) {
      await this.db.execute(sql`
        UPDATE outbox SET status = 'unsent', last_error = ${NOT_CONFIGURED}
        WHERE status = 'queued'`);
      return 0;
    }
    const rows = await this.claim(now);
    if (rows.length) await this.send(this.transport, rows);
    return rows.length;
  }

  private async claim(now: Date): Promise<Claimed[]> {
    const until = new Date(now.getTime() + this.claimMs);
    const result = await this.db.execute(sql`
      UPDATE outbox SET status = 'sending', claimed_by = ${this.owner}, claimed_until = ${iso(until)},
        attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM outbox WHERE status = 'queued' AND next_attempt_at <= ${iso(now)}
        ORDER BY id LIMIT ${this.batch} FOR UPDATE SKIP LOCKED)
      RETURNING id, to_address, subject, headers, message_id, attempts`);
    return (result as { rows: Claimed[] }).rows.sort((a, b) => Number(a.id) - Number(b.id));
  }

  /** A row recovered and claimed by another process meanwhile is that process's to update. */
  private get stillOurs() {
    return sql`o.status = 'sending' AND o.claimed_by = ${this.owner}`;
  }

  private async send(transport: MailTransport, rows: Claimed[]): Promise<void> {
    const sent: Sent[] = [];
    const failed: Failed[] = [];
    const sends: Promise<void>[] = [];
    let logo: InlineLogo | null | undefined;
    // The bodies are read a few rows at a time: on the embedded database a query runs on this thread, and a
    // hundred bodies at once held the event loop for tens of milliseconds.
    for (let i = 0; i < rows.length; i += BODY_CHUNK) {
      const chunk = rows.slice(i, i + BODY_CHUNK);
      const bodies = new Map(
        (
          await this.db
            .select({ id: outbox.id, text: outbox.text_body, html: outbox.html_body })
            .from(outbox)
            .where(
              inArray(
                outbox.id,
                chunk.map((r) => Number(r.id)),
              ),
            )
        ).map((b) => [b.id, b]),
      );
      for (const row of chunk) {
        const body = bodies.get(Number(row.id)) ?? { text: '', html: '' };
        const withLogo = body.html.includes('cid:school-logo');
        if (withLogo && logo === undefined) logo = await schoolLogo(this.db);
        sends.push(this.sendOne(transport, row, body, withLogo ? (logo ?? null) : null, sent, failed));
      }
    }
    await Promise.all(sends);
    const now = this.clock();
    if (sent.length) {
      await this.db.execute(sql`
        UPDATE outbox o SET status = 'sent', sent_at = ${iso(now)}, smtp_response = v.r, last_error = NULL,
          claimed_by = NULL, claimed_until = NULL, ${bodiesWithoutTokens(sql`true`)}
        FROM jsonb_to_recordset(${JSON.stringify(sent)}::jsonb) AS v(id bigint, r text)
        WHERE o.id = v.id AND ${this.stillOurs}`);
      this.journal.confirmed(sent.map((s) => s.id));
    }
    if (failed.length) {
      const retries = failed.map((f) => ({
        id: f.id,
        status: f.final ? 'failed' : 'queued',
        error: f.error,
        at: new Date(now.getTime() + (f.final ? 0 : this.backoff(f.attempts))).toISOString(),
      }));
      await this.db.execute(sql`
        UPDATE outbox o SET status = v.status, last_error = v.error, next_attempt_at = v.at,
          claimed_by = NULL, claimed_until = NULL, ${bodiesWithoutTokens(sql`v.status = 'failed'`)}
        FROM jsonb_to_recordset(${JSON.stringify(retries)}::jsonb)
          AS v(id bigint, status varchar, error varchar, at timestamptz)
        WHERE o.id = v.id AND ${this.stillOurs}`);
    }
  }

  /** Sends one row; the outcome goes to `sent` or `failed` (never throws). */
  private async sendOne(
    transport: MailTransport,
    row: Claimed,
    body: { text: string; html: string },
    logo: InlineLogo | null,
    sent: Sent[],
    failed: Failed[],
  ): Promise<void> {
    const id = Number(row.id);
    try {
      const info = await transport.sendMail({
        to: row.to_address,
        subject: row.subject,
        text: body.text,
        html: body.html,
        headers: typeof row.headers === 'string' ? (JSON.parse(row.headers) as Headers) : row.headers,
        messageId: row.message_id,
        attachments: logo ? [logo] : [],
      });
      const response = String((info as { response?: string }).response ?? '250 accepted').slice(0, 300);
      this.journal.append({ id, messageId: row.message_id, response });
      if (this.options.crashAfterAck) process.kill(process.pid, 'SIGKILL');
      sent.push({ id, r: response });
    } catch (err) {
      failed.push({
        id,
        error: String((err as Error).message ?? err).slice(0, 500),
        final: refusedForGood(err) || row.attempts >= MAX_ATTEMPTS,
        attempts: row.attempts,
      });
    }
  }

  /** Stops the loop, lets a round under way finish, and closes the transport's connections. */
  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.transport?.close();
    this.journal.close();
  }
}
