import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { RESET_LINK_MINUTES, storedLanguage, type Language } from '@sp/domain';
import { writeAudit, type AuditEntry } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { confirmedAddresses, parents, staffUsers, students } from '../../db/schema.js';
import { studentAddresses } from '../../mail/addresses.js';
import { countRequest, HOUR_MS, refuseOverLimits, type LinkLimit } from '../../mail/limits.js';
import { queueMail, type OutgoingMail } from '../../mail/outbox.js';
import { renderMail, schoolBrand, type SchoolBrand } from '../../mail/render.js';
import { staffEmailConfirmation } from '../../mail/staff-address.js';
import { createToken, linkTo, type TokenOwner } from '../../mail/tokens.js';

/**
 * D52, D5: requests per account typed (whether or not it exists), per client address, and links per e-mail
 * address. A full account or client counter is a 429: it says nothing of the account. A full e-mail address
 * is skipped without a word, since refusing would tell that the account has a confirmed address.
 */
export const FORGOT_LIMITS = { perAccount: 5, perClient: 20, perAddress: 5, windowMs: HOUR_MS } as const;

const requestLimits = (kind: TokenOwner['kind'], account: string, ip: string): LinkLimit[] => [
  { key: `forgot-${kind}:${account.toLowerCase()}`, max: FORGOT_LIMITS.perAccount, windowMs: HOUR_MS },
  { key: `forgot-ip:${ip}`, max: FORGOT_LIMITS.perClient, windowMs: HOUR_MS },
];

/** The confirmed addresses whose own counter still allows a link this hour. */
async function withinAddressLimit(ctx: AppContext, addresses: readonly string[]): Promise<string[]> {
  const counted = await Promise.all(
    addresses.map(async (address) => ({
      address,
      ...(await countRequest(ctx.db, {
        key: `forgot-address:${address}`,
        max: FORGOT_LIMITS.perAddress,
        windowMs: HOUR_MS,
      })),
    })),
  );
  return counted.filter((c) => c.allowed).map((c) => c.address);
}

/** Who gets a link. */
interface Recipients {
  owner: TokenOwner | null;
  addresses: string[];
  /** For the e-mail's greeting. */
  name: string;
  /** The account's language (D53): a student's or a parent's; staff are written to in English. */
  language?: Language | null;
}

/**
 * The work every forgot request does, whether or not the account exists: count, look up, write a token and
 * an e-mail per address (none for an unknown account), and an audit row with how many were queued.
 */
async function sendResetLinks(
  ctx: AppContext,
  request: FastifyRequest,
  kind: TokenOwner['kind'],
  account: string,
  find: (db: Db) => Promise<Recipients>,
  audit: (found: Recipients, queued: number) => Omit<AuditEntry, 'at' | 'ip' | 'action'>,
): Promise<void> {
  await refuseOverLimits(ctx.db, requestLimits(kind, account, request.ip));
  const now = ctx.clock();
  const found = await find(ctx.db);
  const addresses = found.owner ? await withinAddressLimit(ctx, found.addresses) : [];
  await ctx.db.transaction(async (tx) => {
    const brand = await schoolBrand(tx, ctx.config);
    const mails: OutgoingMail[] = [];
    for (const address of addresses) {
      const token = await createToken(tx, 'reset', { owner: found.owner!, address }, now);
      const link = linkTo(ctx.config, '/reset-password', token);
      const data = { link, minutes: RESET_LINK_MINUTES };
      mails.push(resetMail(kind, address, found, data, brand));
    }
    await queueMail(tx, mails, now);
    await writeAudit(tx, {
      action: 'password_link_request',
      ip: request.ip,
      at: now,
      ...audit(found, mails.length),
    });
  });
}

/** The reset e-mail of each kind of account; only a student's is filed under the student. */
function resetMail(
  kind: TokenOwner['kind'],
  to: string,
  found: Recipients,
  data: { link: string; minutes: number },
  brand: SchoolBrand,
): OutgoingMail {
  if (kind === 'student')
    return {
      kind: 'password_reset_link',
      to,
      studentId: found.owner!.id,
      ...renderMail('password_reset_link', { ...data, studentName: found.name }, brand, {
        language: found.language,
      }),
    };
  const mailKind = kind === 'staff' ? 'staff_password_reset_link' : 'parent_password_reset_link';
  const rendered = renderMail(mailKind, { ...data, name: found.name }, brand, { language: found.language });
  return { kind: mailKind, to, ...rendered };
}

const nobody: Recipients = { owner: null, addresses: [], name: '' };

/** A student's forgotten password: a link to every confirmed address of the record (none when withdrawn). */
export function forgotStudentPassword(ctx: AppContext, request: FastifyRequest, studentId: string) {
  return sendResetLinks(
    ctx,
    request,
    'student',
    studentId,
    async (db) => {
      const [student] = await db
        .select({
          id: students.id,
          first: students.first_name,
          last: students.last_name,
          language: students.language,
        })
        .from(students)
        .where(and(eq(students.id, studentId), sql`${students.withdrawn_at} is null`));
      if (!student) return nobody;
      const addresses = (await studentAddresses(db, [student.id])).filter((a) => a.confirmed);
      return {
        owner: { kind: 'student', id: student.id },
        addresses: addresses.map((a) => a.address),
        name: `${student.first} ${student.last}`,
        language: storedLanguage(student.language),
      };
    },
    (found, queued) => ({
      actorKind: 'anonymous',
      actorId: studentId,
      studentId: found.owner?.id ?? null,
      detail: { links_queued: queued },
    }),
  );
}

/** A staff member's forgotten password: a link to the account's own address, once confirmed. */
export function forgotStaffPassword(ctx: AppContext, request: FastifyRequest, username: string) {
  return sendResetLinks(
    ctx,
    request,
    'staff',
    username,
    async (db) => {
      const [user] = await db
        .select({ id: staffUsers.id, name: staffUsers.full_name, address: confirmedAddresses.address })
        .from(staffUsers)
        .leftJoin(confirmedAddresses, staffEmailConfirmation)
        .where(
          and(sql`lower(${staffUsers.username}) = ${username.toLowerCase()}`, eq(staffUsers.active, true)),
        );
      if (!user) return nobody;
      return {
        owner: { kind: 'staff', id: String(user.id) },
        addresses: user.address ? [user.address] : [],
        name: user.name,
      };
    },
    (found, queued) => ({
      actorKind: 'anonymous',
      actorId: username,
      detail: { staff_user_id: found.owner?.id ?? null, links_queued: queued },
    }),
  );
}

/** A parent's forgotten password: a link to the account's own address, once confirmed and while active (D50). */
export function forgotParentPassword(ctx: AppContext, request: FastifyRequest, email: string) {
  return sendResetLinks(
    ctx,
    request,
    'parent',
    email,
    async (db) => {
      const [parent] = await db
        .select({ id: parents.id, name: parents.name, email: parents.email, language: parents.language })
        .from(parents)
        .where(and(eq(parents.email, email), eq(parents.active, true), isNotNull(parents.confirmed_at)));
      if (!parent) return nobody;
      return {
        owner: { kind: 'parent', id: String(parent.id) },
        addresses: [parent.email],
        name: parent.name,
        language: storedLanguage(parent.language),
      };
    },
    (found, queued) => ({
      actorKind: 'anonymous',
      actorId: email.slice(0, 50),
      detail: { parent_id: found.owner?.id ?? null, links_queued: queued },
    }),
  );
}
