import { resultMessages } from '@sp/domain';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { classesOf } from '../../shared/staff-users.js';

type Conn = Pick<Db, 'select'>;

/** D44: whose marks an actor may import and correct. */
export interface ClassScope {
  /** The actor's own classes (empty for an administrator or a staff member without classes). */
  mine: string[];
  /** True for a staff member with classes: their classes only. */
  restricted: boolean;
}

export const WHOLE_SCHOOL: ClassScope = { mine: [], restricted: false };

/**
 * A staff-role account with classes works on those classes only; one without classes, an administrator and
 * the command line keep the whole school. Read per request, so a change counts from the next one.
 */
export async function classScope(db: Conn, actor: Actor): Promise<ClassScope> {
  if (actor.kind !== 'staff') return WHOLE_SCHOOL;
  const mine = await classesOf(db, actor.userId);
  return { mine, restricted: actor.role !== 'admin' && mine.length > 0 };
}

export const inScope = (scope: ClassScope, classId: string | null): boolean =>
  !scope.restricted || (classId !== null && scope.mine.includes(classId));

export function assertInScope(scope: ClassScope, classId: string | null): void {
  if (!inScope(scope, classId)) throw forbidden(resultMessages.gridNotYourClass(scope.mine));
}
