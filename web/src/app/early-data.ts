import type { RouteObject } from 'react-router';
import { apiPaths } from '../api/api-paths';
import { startEarlyGet } from '../api/client';
import { loadSignInChecks } from '../api/deferred-checks';
import { hasNoMarkers, readSession } from '../api/session';

/** Who the screen is for, as far as start-up knows: from the tab's markers, or from a new tab's `/api/me`. */
export interface EarlyViewer {
  staff: boolean;
  /** The student whose record a family screen shows (the student's own, or a parent's child). */
  studentId: string | null;
}

/** A route's `handle`: the GETs its screen asks for first, set off at start-up with the screen's code. */
export interface EarlyData {
  early: (viewer: EarlyViewer) => string[];
}

/** A family screen's first data: the student's own record, or the parent's child's. */
export const familyData = (paths: (studentId: string) => string[]): EarlyData => ({
  early: ({ staff, studentId }) => (!staff && studentId ? paths(studentId) : []),
});

/** A staff screen's first data. */
export const staffData = (...paths: string[]): EarlyData => ({
  early: ({ staff }) => (staff ? paths : []),
});

const earlyOf = (route: RouteObject): EarlyData['early'] | undefined => {
  const handle: unknown = route.handle;
  return typeof handle === 'object' && handle !== null && 'early' in handle
    ? (handle as EarlyData).early
    : undefined;
};

function startAll(chain: RouteObject[], viewer: EarlyViewer): void {
  for (const route of chain) for (const path of earlyOf(route)?.(viewer) ?? []) void startEarlyGet(path);
}

/**
 * The first screen's data, asked for with its code rather than after it has loaded and rendered. A tab that
 * knows who is signed in asks at once; a new tab asks `/api/me` (the sign-in check's own question) and the
 * rest once it answers. A URL with parameters (a chosen year, a filter) is left to its screen.
 */
export function startEarlyData(chain: RouteObject[], search: string): void {
  const session = readSession();
  const wanted = search === '' ? chain : [];
  if (session.authenticated) {
    startAll(wanted, { staff: session.staff, studentId: session.staff ? null : session.userId || null });
    return;
  }
  if (!hasNoMarkers()) return;
  void loadSignInChecks().catch(() => undefined);
  startEarlyGet(apiPaths.me)
    .then((response) => response.clone().json() as Promise<unknown>)
    .then((me) => {
      if (typeof me !== 'object' || me === null || ('limited' in me && me.limited)) return;
      const staff = 'kind' in me && me.kind === 'staff';
      const id = 'student_id' in me && typeof me.student_id === 'string' ? me.student_id : null;
      startAll(wanted, { staff, studentId: staff ? null : id });
    })
    .catch(() => undefined);
}
