import type { ZodType } from 'zod';

export type SignInChecks = typeof import('./sign-in-checks');

let loading: Promise<SignInChecks> | null = null;

/** Starts (once) loading the sign-in checks; a failed load is tried again next time. */
export function loadSignInChecks(): Promise<SignInChecks> {
  loading ??= import('./sign-in-checks').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** A schema that arrives with its own chunk: the API client starts loading it with the request it checks. */
export interface DeferredSchema<T> {
  load(): Promise<ZodType<T>>;
}

export const deferredSchema = <T>(pick: (checks: SignInChecks) => ZodType<T>): DeferredSchema<T> => ({
  load: async () => pick(await loadSignInChecks()),
});
