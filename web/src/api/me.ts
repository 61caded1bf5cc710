import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser, Language } from '@sp/domain';
import { apiPaths } from './api-paths';
import { apiGet, apiSend } from './client';
import { deferredSchema } from './deferred-checks';
import { startParentSession, startStaffSession, startStudentSession } from './session';
import { sessionKeys } from './query-keys';

const currentUserSchema = deferredSchema((checks) => checks.currentUserSchema);

/** GET /api/me: who the session belongs to. */
export const currentUserQuery = queryOptions({
  queryKey: sessionKeys.me,
  queryFn: ({ signal }): Promise<CurrentUser> => apiGet(apiPaths.me, currentUserSchema, signal),
  staleTime: 5 * 60 * 1000,
});

export const useCurrentUser = () => useQuery(currentUserQuery);

/**
 * A new tab starts with empty session storage although the server session is valid: ask the server, and
 * if it knows a full (not first-sign-in) session, put the markers back.
 */
export const restoredSessionQuery = queryOptions({
  queryKey: sessionKeys.check,
  queryFn: async ({ signal, client }): Promise<boolean> => {
    const me = await apiGet(apiPaths.me, currentUserSchema, signal);
    if (me.limited) return false;
    if (me.kind === 'staff') startStaffSession(me.full_name);
    else if (me.kind === 'parent') startParentSession(me.student_id, me.name);
    else if (me.student_id) startStudentSession(me.student_id, me.name);
    else return false;
    // The screen behind the check reads the same answer rather than asking again.
    client.setQueryData(currentUserQuery.queryKey, me);
    return true;
  },
  retry: false,
  // Asked afresh each time a tab without markers needs it; the answer is the markers, not the cache.
  gcTime: 0,
});

/** PUT /api/me/language: the account remembers the family's language, for its next sign-in anywhere. */
export const saveLanguage = (language: Language): Promise<void> =>
  apiSend('PUT', '/api/me/language', { language });
