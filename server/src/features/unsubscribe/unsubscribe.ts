import { messages, type UnsubscribeState } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { mailUnsubscribes } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { readUnsubscribeToken } from '../../mail/unsubscribe.js';

export const unsubscribeMessages = { invalid: messages.unsubscribeLinkNotValid };

/** The address and kind an unsubscribe link names; 400 for a token this server did not sign. */
export function unsubscribeState(ctx: AppContext, token: string): UnsubscribeState {
  const state = readUnsubscribeToken(ctx.mailKey, token);
  if (!state) throw badRequest(unsubscribeMessages.invalid, 'token');
  return state;
}

/**
 * Stops that kind of e-mail to that address (D52), whoever's record holds it. Clicking twice, or a mail
 * client posting and the family clicking too, keeps the first time.
 */
export async function unsubscribe(ctx: AppContext, token: string): Promise<UnsubscribeState> {
  const state = unsubscribeState(ctx, token);
  await ctx.db
    .insert(mailUnsubscribes)
    .values({ address: state.address, kind: state.kind, at: ctx.clock() })
    .onConflictDoNothing();
  return state;
}
