import { and, desc, eq, gt, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_PAIR,
  tooManyAttemptsFor,
} from '@sp/domain';
import { auditPlaceholders, auditValues, writeAudit, type AuditEntry } from '../audit/audit.js';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { runNamed, type Db } from '../db/client.js';
import { auditLog, loginFailures } from '../db/schema.js';
import { retryLater } from '../errors.js';
import {
  sessionRowValues,
  startSignedInSession,
  upsertSession,
  type SessionAuth,
} from '../plugins/session.js';

/**
 * Who is signing in: staff, student and parent accounts are counted apart (a student ID is not a username, nor
 * an e-mail address).
 */
export interface SignInAttempt {
  kind: 'student' | 'staff' | 'parent';
  /** Student ID, staff username or a parent's e-mail address. */
  account: string;
  ip: string;
  /** The per-address ceiling (config LOGIN_ADDRESS_MAX_FAILURES). */
  addressMax: number;
  /**
   * D51: a staff account with a second factor counts and checks the account-and-address pair only, so guesses
   * from many addresses cannot lock its owner out; a right password still needs the second factor.
   */
  pairOnly?: boolean;
}

interface Counter {
  key: string;
  max: number;
}

/**
 * D5 (revised): one person's typos must not lock out the others who share an address (a school lab).
 * Failures count per account and address, per account across addresses, and per address across accounts
 * only at a high ceiling. Rows live in the database, so every server process sees the same counts.
 */
function counters(a: SignInAttempt): { pair: Counter; account: Counter; address: Counter } {
  const account = a.account.toLowerCase();
  return {
    pair: { key: `${a.kind}-pair:${account}|${a.ip}`, max: LOGIN_MAX_FAILURES_PER_PAIR },
    account: { key: `${a.kind}:${account}`, max: LOGIN_MAX_FAILURES_PER_ACCOUNT },
    // One ceiling per address for students and staff together: a script that has used up its guesses on
    // student IDs does not get a fresh allowance for staff usernames.
    address: { key: `ip:${a.ip}`, max: a.addressMax },
  };
}

const windowStart = (now: Date) => new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);

/**
 * 429 while any counter of the attempt is full, saying when all of them allow an attempt again. A failure
 * counts for exactly the window.
 */
/** What the lockout check saw: whether a success has failures of the account or pair to clear. */
export interface LockoutCheck {
  failuresToClear: boolean;
}

export async function refuseWhenLockedOut(db: Db, attempt: SignInAttempt, now: Date): Promise<LockoutCheck> {
  const { pair, account, address } = counters(attempt);
  const all = attempt.pairOnly ? [pair] : [pair, account, address];
  const since = windowStart(now);
  // Every sign-in asks this: built and planned once (see runNamed).
  const rows = await runNamed(
    db,
    'login_failure_counts',
    () =>
      sql`select ${loginFailures.key} as key, count(*)::int as n from ${loginFailures}
        where ${loginFailures.key} in (${sql.placeholder('pair')}, ${sql.placeholder('account')}, ${sql.placeholder('address')})
          and ${loginFailures.at} > ${sql.placeholder('since')}::timestamptz
        group by ${loginFailures.key}`,
    { pair: pair.key, account: account.key, address: address.key, since: since.toISOString() },
  );
  const counted = (c: Counter) => (rows.find((r) => r.key === c.key)?.n as number | undefined) ?? 0;
  const full = all.filter((c) => counted(c) >= c.max);
  if (full.length === 0) return { failuresToClear: counted(pair) + counted(account) > 0 };
  // A counter frees up when its max-th most recent failure leaves the window.
  let until = now.getTime();
  for (const c of full) {
    const oldest = await nthRecentFailure(db, c.key, c.max, since);
    if (oldest) until = Math.max(until, oldest.getTime() + LOGIN_FAILURE_WINDOW_MS);
  }
  throw retryLater(until - now.getTime(), tooManyAttemptsFor);
}

/** The time of the `n`th most recent failure under `key` since `since`, if there are that many. */
export async function nthRecentFailure(
  db: Pick<Db, 'select'>,
  key: string,
  n: number,
  since: Date,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)))
    .orderBy(desc(loginFailures.at))
    .offset(n - 1)
    .limit(1);
  return row?.at;
}

/** Counts a failed attempt under each of its counters and writes it to the audit log (D8). */
export async function recordLoginFailure(
  db: Db,
  attempt: SignInAttempt,
  now: Date,
  audit: Omit<AuditEntry, 'ip' | 'at'>,
): Promise<void> {
  const { pair, account, address } = counters(attempt);
  const keys = attempt.pairOnly ? [pair.key] : [pair.key, account.key, address.key];
  await db.insert(loginFailures).values(keys.map((key) => ({ key, at: now })));
  await writeAudit(db, { ...audit, ip: attempt.ip, at: now });
}

/** A success clears the account's and the pair's failures; the address keeps its count. */
const clearFailures = (
  db: Pick<Db, 'delete'>,
  keys: { pair: string | Placeholder; account: string | Placeholder },
) =>
  db.delete(loginFailures).where(or(eq(loginFailures.key, keys.pair), eq(loginFailures.key, keys.account)));

export async function clearLoginFailures(db: Pick<Db, 'delete'>, attempt: SignInAttempt): Promise<void> {
  const { pair, account } = counters(attempt);
  await clearFailures(db, { pair: pair.key, account: account.key });
}

export async function deleteOldLoginFailures(db: Db, now: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.at, windowStart(now)));
}

/**
 * The end of every successful sign-in (student or staff): a new session id with who signed in, their failures
 * cleared (when the lockout check saw any), the last-sign-in time stamped, the session's row and the audit row,
 * the writes as one statement (one round trip, one commit), built once per kind.
 */
export async function completeSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  attempt: SignInAttempt,
  lockout: LockoutCheck,
  success: {
    auth: SessionAuth;
    /** The account's last-sign-in stamp, from the time (a timestamptz) and a placeholder for the account's key. */
    stampLastLogin: (db: Db, at: SQL, account: Placeholder) => TypedQueryBuilder<undefined>;
    /** The account's key in that stamp (student ID or staff user id). */
    account: string | number;
    audit: Omit<AuditEntry, 'ip' | 'at'>;
  },
  now: Date,
): Promise<void> {
  await startSignedInSession(request, success.auth, now);
  const clear = lockout.failuresToClear;
  const { pair, account } = counters(attempt);
  const session = sessionRowValues(request);
  const written = runNamed(
    ctx.db,
    `sign_in_${success.auth.kind}${clear ? '_clear' : ''}`,
    () => {
      const { db } = ctx;
      const stamped = db
        .$with('stamped')
        .as(
          success.stampLastLogin(db, sql`${sql.placeholder('at')}::timestamptz`, sql.placeholder('account')),
        );
      const cleared = db
        .$with('cleared')
        .as(clearFailures(db, { pair: sql.placeholder('pair'), account: sql.placeholder('accountKey') }));
      const stored = db.$with('stored').as(upsertSession(db));
      return db
        .with(...(clear ? [stamped, stored, cleared] : [stamped, stored]))
        .insert(auditLog)
        .values(auditPlaceholders())
        .getSQL();
    },
    {
      at: now,
      account: success.account,
      ...(clear ? { pair: pair.key, accountKey: account.key } : {}),
      ...auditValues({ ...success.audit, ip: request.ip, at: now }),
      ...session.values,
    },
  );
  try {
    await written;
  } catch (err) {
    // Nothing was written, so nobody is signed in: the session goes back to blank and is not stored.
    delete request.session.auth;
    throw err;
  }
  session.written();
}
