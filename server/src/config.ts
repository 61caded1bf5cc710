import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import {
  DEFAULT_SESSION_IDLE_MINUTES,
  DEFAULT_TIME_ZONE,
  IMPORT_MAX_ROWS,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  RESULT_ROWS_MAX,
} from '@sp/domain';

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which peers may tell us the client's address (Fastify's trustProxy): a hop count (`1` behind one reverse
 * proxy) or a list of proxy addresses and CIDR ranges. `true` trusts every X-Forwarded-For entry, so the
 * client picks its own address; it stays accepted for old settings but is not advised.
 */
const trustProxy = z.string().transform((v, ctx): boolean | number | string[] => {
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.find((e) => !isProxyAddress(e));
  if (bad !== undefined || entries.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message: `use true, false, a hop count or proxy addresses/CIDR ranges${bad ? ` (not "${bad}")` : ''}`,
    });
    return z.NEVER;
  }
  return entries;
});

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify itself answers a bare hop count with "trust nothing", so a
 * count becomes a function that trusts that many peers from our side: the socket's peer, then the entries
 * the proxies appended at the right of X-Forwarded-For. Anything further left was written by the client.
 */
export function fastifyTrustProxy(
  value: Config['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return value === 0 ? false : (_address, hop) => hop < value;
}

const timeZone = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'not a known IANA time zone');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SCHOOL_NAME: z.string().min(1).max(100).default('Student Portal Secondary School'),
  SCHOOL_TIMEZONE: timeZone.default(DEFAULT_TIME_ZONE),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(DEFAULT_SESSION_IDLE_MINUTES),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(12),
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce
    .number()
    .int()
    .min(10)
    .max(1_000_000)
    .default(LOGIN_MAX_FAILURES_PER_ADDRESS),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(100).default(10),
  /** D47: rows read from one file before it is refused; the work a file can cause is bounded by them. */
  IMPORT_MAX_STUDENTS: z.coerce.number().int().min(1).max(200_000).default(IMPORT_MAX_ROWS),
  IMPORT_MAX_RESULT_ROWS: z.coerce.number().int().min(1).max(2_000_000).default(RESULT_ROWS_MAX),
  TRUST_PROXY: trustProxy.default(false),
  /** Where documents live (D27): absent means `database` with DATABASE_URL, `disk` (DATA_DIR/uploads) without. */
  FILE_STORE: z.enum(['disk', 'database']).optional(),
  /** The nightly backup on the embedded database, in SCHOOL_TIMEZONE; `off` turns it off. */
  BACKUP_TIME: z
    .string()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'use HH:MM (24-hour, e.g. 02:00) or off')
    .default('02:00'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * D52: the mail server, e.g. smtp://user:pass@mail.example.org:587 or smtps://…:465. Absent: e-mails stay
   * in the outbox, marked as not sent.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must start with smtp:// or smtps://')
    .optional(),
  /** The sender of every e-mail, e.g. "Hillview Secondary <office@hillview.edu.tt>". */
  MAIL_FROM: z.string().min(3).max(200).default('Student Portal <no-reply@localhost>'),
  /** The portal's address as families reach it, for the links in e-mails (no trailing slash). */
  PUBLIC_URL: z
    .string()
    .regex(
      /^https?:\/\/[^\s/]+(\/[^\s]*[^\s/])?$/,
      'use http(s)://host[:port][/path] without a trailing slash',
    )
    .optional(),
  /** When the daily e-mails (the deadline reminder) go out, in SCHOOL_TIMEZONE; `off` turns them off. */
  MAIL_DAILY_TIME: z
    .string()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'use HH:MM (24-hour, e.g. 07:00) or off')
    .default('07:00'),
  /** Server processes on one port (D27); absent: one per core on PostgreSQL, 1 on PGlite. */
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
});

export type Config = z.infer<typeof envSchema>;

/** The document store in use: FILE_STORE, else the database's own when there is a PostgreSQL server. */
export const fileStoreKind = (config: Pick<Config, 'FILE_STORE' | 'DATABASE_URL'>): 'disk' | 'database' =>
  config.FILE_STORE ?? (config.DATABASE_URL ? 'database' : 'disk');

export class ConfigError extends Error {}

/** Environment → validated config. Throws one line naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema
    // PGlite opens its data folder in one process only; several processes need PostgreSQL.
    .refine((c) => (c.WORKERS ?? 1) === 1 || c.DATABASE_URL !== undefined, {
      path: ['WORKERS'],
      message: 'more than 1 needs DATABASE_URL (the embedded database runs in one process)',
    })
    .safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${name}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** How many server processes to run (D27): WORKERS, else every core on PostgreSQL and one on PGlite. */
export function workerCount(config: Config, cores = availableParallelism()): number {
  return config.WORKERS ?? (config.DATABASE_URL ? cores : 1);
}

/** Where families reach the portal, for the links in e-mails: PUBLIC_URL, else this machine's port. */
export const publicUrl = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string =>
  config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;

/**
 * A server that sends e-mail must know the address families reach it by: without PUBLIC_URL every link in an
 * e-mail would point at localhost. Checked when the portal starts for real (the demo links to itself).
 */
export function requirePublicUrlForMail(config: Pick<Config, 'SMTP_URL' | 'PUBLIC_URL'>): void {
  if (config.SMTP_URL && !config.PUBLIC_URL)
    throw new ConfigError(
      'Invalid configuration: PUBLIC_URL: needed with SMTP_URL, so the links in e-mails reach families (e.g. https://portal.example.edu.tt)',
    );
}
