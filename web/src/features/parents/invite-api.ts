import { inviteStateSchema, parentChildSchema } from '@sp/domain';
import { apiGet, apiSend } from '../../api/client';
import { deferredSchema } from '../../api/deferred-checks';
import { hasNoMarkers, isParentTab, startParentSession } from '../../api/session';

/**
 * The invitation page is public, without the query library (ADR 0035): plain calls. GET
 * /api/parent/invite?token=: whether the link still works and the child's first name; a new tab (opened from
 * the e-mail) asks the server first whether a parent is signed in on this browser.
 */
export async function inviteAndSession(token: string) {
  if (hasNoMarkers()) {
    const me = await apiGet(
      '/api/me',
      deferredSchema((checks) => checks.currentUserSchema),
    ).catch(() => null);
    if (me?.kind === 'parent' && !me.limited) startParentSession(me.student_id, me.name);
  }
  const state = await apiGet(`/api/parent/invite?token=${encodeURIComponent(token)}`, inviteStateSchema);
  return { ...state, signedIn: isParentTab() };
}

/** POST /api/parent/invite/accept: links the child to the signed-in parent. */
export const acceptInvite = (token: string) =>
  apiSend('POST', '/api/parent/invite/accept', { token }, parentChildSchema);
