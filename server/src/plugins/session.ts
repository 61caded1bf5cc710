import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, Session } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_IDLE_HEADER, idleTouchMs } from '@sp/domain';
import type { Clock } from '../clock.js';
import { runNamed, type Db, type Values } from '../db/client.js';
import { sessions } from '../db/schema.js';

export type SessionAuth =
  | { kind: 'student'; studentId: string; name: string; limited: boolean }
  | {
      kind: 'staff';
      userId: number;
      username: string;
      name: string;
      role: string;
      limited?: boolean;
      /** D51: the school requires a second factor this account lacks; it may only set one up. */
      mustEnrol?: true;
      /** D51: how and when (epoch ms) this session last gave a second factor; absent: the password alone. */
      factor?: 'totp' | 'passkey' | 'recovery';
      factorAt?: number;
    }
  /** A parent account (D50); never limited: it chose its own password at sign-up. */
  | { kind: 'parent'; parentId: number; email: string; name: string; limited?: false };

declare module 'fastify' {
  interface FastifyInstance {
    sessionStore: DatabaseSessionStore;
  }
  interface FastifyRequest {
    /** The id of a session this request found timed out (its XSRF token still counts for this request). */
    endedSessionId: string | null;
  }
  interface Session {
    auth?: SessionAuth;
    /** Epoch ms of sign-in (absolute timeout) and of the last request (idle timeout). */
    createdAt?: number;
    lastSeenAt?: number;
    expired?: boolean;
    /**
     * D51: a staff member who gave the right password and has a second factor still to give; nobody is signed
     * in until they do (epoch ms of the password).
     */
    pendingSecondFactor?: { userId: number; at: number };
  }
}

export const SESSION_COOKIE = 'sp_session';
/**
 * The name over HTTPS. The __Host- prefix makes browsers accept the cookie only when it is Secure, for
 * Path=/ and without a Domain, so a neighbouring subdomain cannot plant a session on us (D4).
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export interface SessionOptions {
  db: Db;
  clock: Clock;
  secret: string;
  idleMs: number;
  absoluteMs: number;
}

type Callback = (err?: unknown) => void;

/** @fastify/session store on the `sessions` table, so several server processes share sessions (D4). */
export class DatabaseSessionStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly absoluteMs: number,
  ) {}

  /** Every request reads its session: a named statement, planned once per connection (see runNamed). */
  get(sid: string, callback: (err: unknown, session?: Session | null) => void): void {
    const now = this.clock().toISOString();
    runNamed(
      this.db,
      'session_read',
      () =>
        sql`select ${sessions.data} as data from ${sessions} where ${sessions.sid} = ${sql.placeholder('sid')} and ${sessions.expires_at} > ${sql.placeholder('now')}::timestamptz`,
      { sid, now },
    ).then(
      ([row]) => callback(null, row ? storedSession(row.data as Session) : null),
      (err: unknown) => callback(err),
    );
  }

  set(sid: string, session: Session, callback: Callback): void {
    const auth = session.auth;
    // A session with nobody signed in and nothing to say (the blank one a sign-in's new id starts as) needs
    // no row: its signed-in state is written when the request ends, and an empty row would cost a commit.
    if (auth === undefined && session.expired === undefined && session.pendingSecondFactor === undefined) {
      callback();
      return;
    }
    const { values, json } = this.row(sid, session);
    // A statement of this request already wrote the row as it is now, under this id (see sessionRowValues).
    if (this.written.get(session) === `${sid} ${json}`) {
      callback();
      return;
    }
    // Every sign-in writes one: built and planned once (see runNamed).
    runNamed(this.db, 'session_write', () => upsertSession(this.db).getSQL(), values).then(
      () => callback(),
      (err: unknown) => callback(err),
    );
  }

  /** Sessions whose row a statement of their own request wrote, with the contents it wrote. */
  private readonly written = new WeakMap<Session, string>();

  /** The row of a session, as `upsertSession`'s placeholders take it. */
  row(sid: string, session: Session): { values: Values; json: string } {
    const auth = session.auth;
    const createdAt = session.createdAt ?? this.clock().getTime();
    const json = JSON.stringify(session);
    return {
      json,
      values: {
        sid,
        // The JSON as text, cast by the statement: no parse and stringify again on the way in.
        data: json,
        student_id: auth?.kind === 'student' ? auth.studentId : null,
        // A sign-in waiting for its second factor belongs to the account too: a reset ends it.
        staff_user_id: auth?.kind === 'staff' ? auth.userId : (session.pendingSecondFactor?.userId ?? null),
        parent_id: auth?.kind === 'parent' ? auth.parentId : null,
        expires_at: new Date(createdAt + this.absoluteMs),
      },
    };
  }

  /** Notes that a statement wrote the session's row with these contents, so `set` need not write it again. */
  markWritten(sid: string, session: Session, json: string): void {
    this.written.set(session, `${sid} ${json}`);
  }

  destroy(sid: string, callback: Callback): void {
    // A sign-in's blank session was never written, so there is nothing to delete (see startSignedInSession).
    if (neverStored.delete(sid)) {
      callback();
      return;
    }
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(
        () => callback(),
        (err: unknown) => callback(err),
      );
  }
}

/** A staff session as stored before staff had a kind of their own: `kind: 'admin'`, whatever the role. */
type OldStaffAuth = Omit<Extract<SessionAuth, { kind: 'staff' }>, 'kind'> & { kind: 'admin' };

/**
 * A stored session as this version reads it: one of the old shape stays signed in, as staff with its role
 * (ADR 0036). Its row is rewritten in the new shape the next time the session changes.
 */
export function storedSession(session: Session): Session {
  const auth = session.auth as SessionAuth | OldStaffAuth | undefined;
  if (auth?.kind === 'admin') session.auth = { ...auth, kind: 'staff' };
  return session;
}

/**
 * The upsert of a session row, from the placeholders `sid`, `data`, `student_id`, `staff_user_id`, `parent_id`
 * and `expires_at` (DatabaseSessionStore.row gives their values).
 */
export const upsertSession = (db: Db) =>
  db
    .insert(sessions)
    .values({
      sid: sql.placeholder('sid'),
      data: sql`${sql.placeholder('data')}::jsonb`,
      student_id: sql.placeholder('student_id'),
      staff_user_id: sql.placeholder('staff_user_id'),
      parent_id: sql.placeholder('parent_id'),
      expires_at: sql.placeholder('expires_at'),
    })
    .onConflictDoUpdate({
      target: sessions.sid,
      set: {
        data: sql`excluded.data`,
        student_id: sql`excluded.student_id`,
        staff_user_id: sql`excluded.staff_user_id`,
        parent_id: sql`excluded.parent_id`,
        expires_at: sql`excluded.expires_at`,
      },
    });

/**
 * For a statement that writes the request's session row along with other rows (`upsertSession`): the row's
 * values, and `written`, to call once the statement has run, after which the store skips its own write at the
 * end of the request while the session stays as it was written. A sign-in commits once instead of twice.
 */
export function sessionRowValues(request: FastifyRequest): { values: Values; written(): void } {
  const store = request.server.sessionStore;
  const session = request.session;
  const sid = session.sessionId;
  const { values, json } = store.row(sid, session);
  return { values, written: () => store.markWritten(sid, session, json) };
}

/** Ends every session of a student but the one in use (after a password change, D5). */
export async function endOtherStudentSessions(db: Db, studentId: string, keepSid: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.student_id, studentId), ne(sessions.sid, keepSid)));
}

/** Ends every session of a student (password reset by staff, withdrawal). */
export async function endStudentSessions(db: Pick<Db, 'delete'>, studentId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.student_id, studentId));
}

/** Ends every session of one account (`column` names its id); `keepSid` stays. */
function endAccountSessions(
  db: Pick<Db, 'delete'>,
  column: typeof sessions.staff_user_id | typeof sessions.parent_id,
  id: number,
  keepSid: string | undefined,
) {
  return db
    .delete(sessions)
    .where(keepSid === undefined ? eq(column, id) : and(eq(column, id), ne(sessions.sid, keepSid)));
}

/** Ends every session of a staff account (deactivated, or its password reset); `keepSid` stays. */
export async function endStaffSessions(
  db: Pick<Db, 'delete'>,
  staffUserId: number,
  keepSid?: string,
): Promise<void> {
  await endAccountSessions(db, sessions.staff_user_id, staffUserId, keepSid);
}

/** Ends every session of a parent account (deactivated, or its password changed or reset); `keepSid` stays. */
export async function endParentSessions(
  db: Pick<Db, 'delete'>,
  parentId: number,
  keepSid?: string,
): Promise<void> {
  await endAccountSessions(db, sessions.parent_id, parentId, keepSid);
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expires_at, now));
}

/** Ids of blank sessions being replaced at sign-in: the store holds no row for them (see `set`). */
const neverStored = new Set<string>();

/** A new session id for a sign-in (no fixation), carrying the signed-in identity. */
export async function startSignedInSession(
  request: FastifyRequest,
  auth: SessionAuth,
  now: Date,
): Promise<void> {
  const old = request.session;
  // Only a session with somebody signed in or a timeout to report is ever written; a blank one has no row.
  const blank = old.auth === undefined && old.expired === undefined && old.pendingSecondFactor === undefined;
  if (blank) neverStored.add(old.sessionId);
  try {
    await request.session.regenerate();
  } finally {
    neverStored.delete(old.sessionId);
  }
  request.session.auth = auth;
  request.session.createdAt = now.getTime();
  request.session.lastSeenAt = now.getTime();
}

export const sessionPlugin = fp(async (app: FastifyInstance, opts: SessionOptions) => {
  await app.register(fastifyCookie);
  app.decorateRequest('endedSessionId', null);
  // @fastify/session knows one cookie name; over HTTPS it reads the __Host- cookie under that name, and only
  // that one (a plain cookie may have been planted), and its Set-Cookie headers are renamed on the way out.
  app.addHook('onRequest', async (request) => {
    if (request.protocol !== 'https') return;
    const secure = request.cookies[SECURE_SESSION_COOKIE];
    if (secure === undefined) delete request.cookies[SESSION_COOKIE];
    else request.cookies[SESSION_COOKIE] = secure;
  });
  const store = new DatabaseSessionStore(opts.db, opts.clock, opts.absoluteMs);
  app.decorate('sessionStore', store);
  await app.register(fastifySession, {
    secret: opts.secret,
    cookieName: SESSION_COOKIE,
    store,
    saveUninitialized: false,
    // The cookie lives as long as the absolute timeout; the idle clock is kept in the row, so an unchanged
    // session is not written back on every request.
    rolling: false,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      maxAge: opts.absoluteMs,
    },
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol !== 'https') return payload;
    const header = reply.getHeader('set-cookie');
    if (header === undefined) return payload;
    const rename = (c: string) =>
      c.startsWith(`${SESSION_COOKIE}=`) ? `${SECURE_SESSION_COOKIE}${c.slice(SESSION_COOKIE.length)}` : c;
    // Fastify appends to Set-Cookie, so the old values go first.
    reply.removeHeader('set-cookie');
    reply.header('set-cookie', Array.isArray(header) ? header.map(rename) : rename(String(header)));
    return payload;
  });

  // The page's own idle warning counts with this server's window, whatever SESSION_IDLE_MINUTES says.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.session?.auth) reply.header(SESSION_IDLE_HEADER, String(Math.round(opts.idleMs / 1000)));
    return payload;
  });

  // Idle and absolute timeouts (D4), measured with the injected clock.
  const touchMs = idleTouchMs(opts.idleMs);
  app.addHook('onRequest', async (request) => {
    const session = request.session;
    if (!session.auth) return;
    const now = opts.clock().getTime();
    const created = session.createdAt ?? 0;
    const lastSeen = session.lastSeenAt ?? created;
    if (now - created > opts.absoluteMs || now - lastSeen > opts.idleMs) {
      request.endedSessionId = session.sessionId;
      await session.regenerate();
      request.session.expired = true;
      return;
    }
    // Written back at most once a minute (most requests cost no session write), but often enough within a
    // short idle window that every request, an autosave or any other call, keeps its user signed in.
    if (now - lastSeen >= touchMs) session.lastSeenAt = now;
  });
});
