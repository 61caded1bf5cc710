import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { passwordProblem, storedLanguage, type ParentSignUp } from '@sp/domain';
import { writeAudit } from '../../audit/audit.js';
import { publicUrl } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { parents } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { countRequest, HOUR_MS, refuseOverLimits } from '../../mail/limits.js';
import { queueMail } from '../../mail/outbox.js';
import { renderMail, schoolBrand } from '../../mail/render.js';
import { createToken, linkTo, useOwnerTokens, type TokenOwner } from '../../mail/tokens.js';
import { hashPassword } from '../../shared/passwords.js';

/**
 * Sign-ups and resent confirmations per client address (a 429, which says nothing of any account) and e-mails
 * per address (skipped without a word: refusing would tell that someone signed up with it).
 */
export const SIGN_UP_LIMITS = { perClient: 10, perAddress: 3, windowMs: HOUR_MS } as const;

/** The parent sign-in page, which the e-mails link to. */
export const PARENT_SIGN_IN_PAGE = '/?as=parent';

const refuseBusyClient = (ctx: AppContext, request: FastifyRequest, what: string) =>
  refuseOverLimits(ctx.db, [
    { key: `parent-${what}-ip:${request.ip}`, max: SIGN_UP_LIMITS.perClient, windowMs: HOUR_MS },
  ]);

/** Whether this address may get one more account e-mail this hour (counted whether or not one goes). */
const addressAllows = async (ctx: AppContext, email: string) =>
  (
    await countRequest(ctx.db, {
      key: `parent-mail:${email}`,
      max: SIGN_UP_LIMITS.perAddress,
      windowMs: HOUR_MS,
    })
  ).allowed;

/** A fresh confirmation link for an unconfirmed account, queued in the caller's transaction. */
async function queueConfirmation(
  ctx: AppContext,
  tx: Tx,
  parent: { id: number; email: string; name: string; language: string | null },
) {
  const now = ctx.clock();
  const owner: TokenOwner = { kind: 'parent', id: String(parent.id) };
  const token = await createToken(tx, 'confirm', { owner, address: parent.email }, now);
  const link = linkTo(ctx.config, '/confirm-email', token);
  const brand = await schoolBrand(tx, ctx.config);
  await queueMail(
    tx,
    [
      {
        kind: 'parent_confirm',
        to: parent.email,
        ...renderMail('parent_confirm', { link, name: parent.name }, brand, {
          language: storedLanguage(parent.language),
        }),
      },
    ],
    now,
  );
}

/** The account of an address, locked for the rest of the transaction; made (unconfirmed) when there is none. */
async function lockOrCreate(tx: Tx, body: ParentSignUp, passwordHash: string, now: Date) {
  const locked = () => tx.select().from(parents).where(eq(parents.email, body.email)).for('update');
  const [found] = await locked();
  if (found) return { parent: found, created: false };
  const [made] = await tx
    .insert(parents)
    .values({
      email: body.email,
      name: body.name,
      password_hash: passwordHash,
      language: body.language ?? null,
      created_at: now,
    })
    .onConflictDoNothing({ target: parents.email })
    .returning();
  // Another sign-up of the same address won the insert: carry on with its row, as with any existing one.
  if (made) return { parent: made, created: true };
  const [other] = await locked();
  return { parent: other!, created: false };
}

/**
 * A parent signs up (D50). The answer and its time are the same for a new address, an unconfirmed account and
 * a confirmed one: the password is hashed in every case, and only the e-mail differs. An unconfirmed account
 * takes the new name and password (whoever reads the address decides) and a fresh link; its older links stop.
 */
export async function signUpParent(ctx: AppContext, request: FastifyRequest, body: ParentSignUp) {
  await refuseBusyClient(ctx, request, 'sign-up');
  const problem = passwordProblem(body.password, {});
  if (problem) throw badRequest(problem, 'password');
  const passwordHash = await hashPassword(body.password);
  const mayMail = await addressAllows(ctx, body.email);
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const { parent, created } = await lockOrCreate(tx, body, passwordHash, now);
    const outcome = created ? 'new' : parent.confirmed_at ? 'exists' : 'unconfirmed';
    if (outcome === 'unconfirmed') {
      await tx
        .update(parents)
        .set({ name: body.name, password_hash: passwordHash, language: body.language ?? parent.language })
        .where(eq(parents.id, parent.id));
      await useOwnerTokens(tx, { kind: 'parent', id: String(parent.id) }, 'confirm', now);
    }
    if (mayMail && outcome !== 'exists') {
      const language = body.language ?? parent.language;
      await queueConfirmation(ctx, tx, { ...parent, name: body.name, language });
    }
    if (mayMail && outcome === 'exists') {
      const link = `${publicUrl(ctx.config)}${PARENT_SIGN_IN_PAGE}`;
      const rendered = renderMail(
        'parent_account_exists',
        { link, name: parent.name },
        await schoolBrand(tx, ctx.config),
        // The account's own choice, else the page's that signed up again.
        { language: storedLanguage(parent.language ?? body.language) },
      );
      await queueMail(tx, [{ kind: 'parent_account_exists', to: parent.email, ...rendered }], now);
    }
    await writeAudit(tx, {
      action: 'parent_sign_up',
      actorKind: 'anonymous',
      actorId: body.email.slice(0, 50),
      ip: request.ip,
      at: now,
      detail: { parent_id: parent.id, outcome, mailed: mayMail },
    });
  });
}

/** Another confirmation link for an unconfirmed account; nothing for any other address, answered alike. */
export async function resendParentConfirmation(ctx: AppContext, request: FastifyRequest, email: string) {
  await refuseBusyClient(ctx, request, 'resend');
  const [parent] = await ctx.db.select().from(parents).where(eq(parents.email, email));
  if (!parent || parent.confirmed_at || !(await addressAllows(ctx, email))) return;
  await ctx.db.transaction((tx) => queueConfirmation(ctx, tx, parent));
}
