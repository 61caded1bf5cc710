import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { CONFIRM_LINK_DAYS, RESET_LINK_MINUTES, messages } from '@sp/domain';
import { publicUrl, type Config } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import { mailTokens } from '../db/schema.js';

/** confirm: an address belongs to its owner; reset: a new password for the owner's account. */
export type TokenPurpose = 'confirm' | 'reset' | 'invite';

export interface TokenOwner {
  /** A parent account (D50): its confirmation and reset links; an invitation's owner is the student. */
  kind: 'student' | 'staff' | 'parent';
  /** The student ID, or the staff user's or parent account's id as text. */
  id: string;
}

/** What a used (or still usable) token stands for. */
export interface TokenGrant {
  owner: TokenOwner;
  address: string;
}

const LIFETIME_MS: Record<TokenPurpose, number> = {
  confirm: CONFIRM_LINK_DAYS * 86_400_000,
  reset: RESET_LINK_MINUTES * 60_000,
  invite: CONFIRM_LINK_DAYS * 86_400_000,
};

/** Said for a link that is unknown, used, expired, or meant for something else: all look the same. */
export const linkNotValid = messages.linkNotValid;

/** Only the hash is stored, so a copy of the database does not hold a usable link. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The page a link opens, e.g. `/reset-password`, with the token. */
export const linkTo = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, page: string, token: string): string =>
  `${publicUrl(config)}${page}?token=${token}`;

/** 32 random bytes, base64url: the secret part of a link. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** A single-use link token for `owner` and `address`, written in the caller's transaction. */
export async function createToken(
  tx: Tx | Db,
  purpose: TokenPurpose,
  grant: TokenGrant,
  now: Date,
  token = newToken(),
): Promise<string> {
  await tx.insert(mailTokens).values({
    token_hash: hashToken(token),
    purpose,
    owner_kind: grant.owner.kind,
    owner_id: grant.owner.id,
    address: grant.address,
    created_at: now,
    expires_at: new Date(now.getTime() + LIFETIME_MS[purpose]),
  });
  return token;
}

const usable = (token: string, purpose: TokenPurpose, now: Date) =>
  and(
    eq(mailTokens.token_hash, hashToken(token)),
    eq(mailTokens.purpose, purpose),
    isNull(mailTokens.used_at),
    gt(mailTokens.expires_at, now),
  );

const grantOf = (row: { owner_kind: string; owner_id: string; address: string }): TokenGrant => ({
  owner: { kind: row.owner_kind as TokenOwner['kind'], id: row.owner_id },
  address: row.address,
});

const grantColumns = {
  owner_kind: mailTokens.owner_kind,
  owner_id: mailTokens.owner_id,
  address: mailTokens.address,
};

/**
 * Uses a token once: one statement marks it used only while it is unused and unexpired, so of two requests
 * with the same link (two tabs) exactly one gets the grant. A token of another purpose gets nothing.
 */
export async function useToken(
  tx: Tx | Db,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<TokenGrant | undefined> {
  const [row] = await tx
    .update(mailTokens)
    .set({ used_at: now })
    .where(usable(token, purpose, now))
    .returning(grantColumns);
  return row && grantOf(row);
}

/** Whether a token could be used now, without using it (the reset page asks before showing its form). */
export async function peekToken(
  db: Db,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<TokenGrant | undefined> {
  const [row] = await db
    .select(grantColumns)
    .from(mailTokens)
    .where(usable(token, purpose, now));
  return row && grantOf(row);
}

/** Marks every outstanding token of an owner for a purpose used: a new password voids the other links. */
export async function useOwnerTokens(
  tx: Tx | Db,
  owner: TokenOwner,
  purpose: TokenPurpose,
  now: Date,
): Promise<void> {
  await tx
    .update(mailTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(mailTokens.owner_kind, owner.kind),
        eq(mailTokens.owner_id, owner.id),
        eq(mailTokens.purpose, purpose),
        isNull(mailTokens.used_at),
        sql`${mailTokens.expires_at} > ${now.toISOString()}::timestamptz`,
      ),
    );
}
