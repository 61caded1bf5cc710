import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';

/** Messages in flight at once: connections the pool keeps to the mail server. */
export const MAIL_CONNECTIONS = 5;

export type MailTransport = Transporter;

/**
 * The pooled SMTP transport of SMTP_URL (D52), or null without one: the outbox then marks its rows unsent.
 * Timeouts are shorter than nodemailer's (10 minutes on a quiet socket), so a mail server that hangs frees
 * a claim well before it expires.
 */
export function openTransport(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): MailTransport | null {
  if (!config.SMTP_URL) return null;
  return nodemailer.createTransport(
    {
      url: config.SMTP_URL,
      pool: true,
      maxConnections: MAIL_CONNECTIONS,
      maxMessages: Infinity,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    },
    { from: config.MAIL_FROM },
  );
}
