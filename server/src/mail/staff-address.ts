import { and, eq, sql } from 'drizzle-orm';
import { confirmedAddresses, staffUsers } from '../db/schema.js';

/**
 * Joins a staff account to its confirmation: the account's e-mail counts as confirmed only while it is the
 * address that was confirmed (D52), so a changed address must be confirmed again.
 */
export const staffEmailConfirmation = and(
  eq(confirmedAddresses.owner_kind, 'staff'),
  sql`${confirmedAddresses.owner_id} = ${staffUsers.id}::text`,
  sql`${confirmedAddresses.address} = lower(trim(${staffUsers.email}))`,
);
