import type { CurrentUser } from '@sp/domain';

/**
 * What `GET /api/me` answers in component tests, typed by the domain schema: a change to the answer's shape
 * fails to compile here, not in each test that mocks it.
 */
export const studentMe: CurrentUser = {
  kind: 'student',
  student_id: '20240001',
  name: 'Ada Lovelace',
  full_name: 'Ada Lovelace',
  limited: false,
};

/** A signed-in staff member; with a role when the screen under test shows or hides something by it (D22). */
export const staffMe = (role?: CurrentUser['role']): CurrentUser => ({
  kind: 'staff',
  student_id: null,
  name: 'Admin',
  full_name: 'Grace Hopper',
  limited: false,
  ...(role ? { role } : {}),
});
