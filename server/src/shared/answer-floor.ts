import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';

/**
 * Every request that must not tell whether an account exists (forgot, a parent's sign-up) answers no sooner
 * than this after it arrived, so the time does not tell whether a link was written: the slowest path (a
 * password hash, a token and an e-mail per address) takes well under it.
 */
export const FORGOT_FLOOR_MS = 400;

/** Runs the work, then waits out the floor, counted from the request's arrival, whatever the outcome. */
export async function atFloor<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    const wait = FORGOT_FLOOR_MS - reply.elapsedTime;
    if (wait > 0) await sleep(wait);
  }
}
