import type { CurrentUser, ParentChild } from '@sp/domain';
import { startParentSession } from '../../api/session';

export const anil: ParentChild = {
  student_id: 'A001',
  first_name: 'Anil',
  last_name: 'Ali',
  class_id: '1A',
  form_level: 1,
};
export const bina: ParentChild = {
  student_id: 'B002',
  first_name: 'Bina',
  last_name: 'Ali',
  class_id: '4C',
  form_level: 4,
};

/** GET /api/me of a parent, answering for the child the request's header names (else the first). */
export function parentMe(children: ParentChild[], named?: string): CurrentUser {
  const child = children.find((c) => c.student_id === named) ?? children[0];
  return {
    kind: 'parent',
    student_id: child?.student_id ?? null,
    name: child ? `${child.first_name} ${child.last_name}` : 'Mrs Ali',
    full_name: 'Mrs Ali',
    limited: false,
    parent: { email: 'mrs.ali@example.org', children },
  };
}

/** A parent's tab showing `child` (or none yet). */
export const signInAsParent = (child: ParentChild | null) =>
  startParentSession(child?.student_id ?? null, child ? `${child.first_name} ${child.last_name}` : 'Mrs Ali');
