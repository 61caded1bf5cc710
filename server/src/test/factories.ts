import { eq } from 'drizzle-orm';
import { dateInZone, type StaffRole } from '@sp/domain';
import type { Db } from '../db/client.js';
import {
  formClasses,
  houses,
  parentLinks,
  parents,
  registrationWindows,
  settings,
  studentAccounts,
  students,
} from '../db/schema.js';
import { hashPassword } from '../shared/passwords.js';
import { enrolInCurrentYear } from '../shared/school-years.js';
import { createStaffUser } from '../shared/staff-users.js';

let counter = 0;
const unique = () => `${Date.now() % 100000}${++counter}`;

export interface StudentFactoryInput {
  id?: string;
  first_name?: string;
  last_name?: string;
  date_of_birth?: string;
  class_id?: string;
  /** With a password the account is past its first login; without one, password_reset is 1. */
  password?: string;
}

export async function ensureClass(db: Db, classId = '1A', formLevel = 1): Promise<void> {
  await db.insert(formClasses).values({ class_id: classId, form_level: formLevel }).onConflictDoNothing();
  await db.insert(houses).values({ id: 'RED', name: 'Ruby House' }).onConflictDoNothing();
}

export async function createStudent(db: Db, input: StudentFactoryInput = {}) {
  const id = input.id ?? `T${unique()}`;
  const record = {
    id,
    first_name: input.first_name ?? 'Asha',
    last_name: input.last_name ?? `Test${counter}`,
    date_of_birth: input.date_of_birth ?? '2013-04-09',
    class_id: input.class_id ?? '1A',
    house_code: 'RED',
  };
  await ensureClass(db, record.class_id, Number(record.class_id[0]) || 1);
  await db.insert(students).values(record);
  await db.insert(studentAccounts).values({
    student_id: id,
    password_hash: input.password ? await hashPassword(input.password) : null,
    password_reset: input.password ? 0 : 1,
  });
  await enrolInCurrentYear(db, [id]);
  return { ...record, password: input.password, typedBirthDate: record.date_of_birth.replace(/-/g, '') };
}

/** A staff account, with the admin role unless another is named (D22). */
export async function createStaff(
  db: Db,
  username = `staff${unique()}`,
  password = 'Staff-pass-123',
  role: StaffRole = 'admin',
) {
  const fullName = role === 'admin' ? 'Maria Admin' : 'Keisha Staff';
  const id = await createStaffUser(db, { username, fullName, role, password }, new Date());
  return { id, username, password };
}

export const today = (): string => dateInZone(new Date());

/** Turns the student-ID look-up setting on or off. */
export const setIdLookup = (db: Db, on: boolean) =>
  db
    .insert(settings)
    .values({ key: 'id_lookup_enabled', value: on })
    .onConflictDoUpdate({ target: settings.key, set: { value: on } });

/** Opens registration for a form level, with no deadline. */
export const openRegistration = (db: Db, formLevel = 1) =>
  db
    .update(registrationWindows)
    .set({ open: 1, deadline: null })
    .where(eq(registrationWindows.form_level, formLevel));

/** The database row of an uploaded document (no bytes on disk): enough for counts and reports. */
export const uploadedFileRow = (student_id: string, type: string, uploaded_at: Date) => ({
  student_id,
  type,
  original_name: `${type}.pdf`,
  storage_key: `${student_id}/${type}`,
  mime_type: 'application/pdf',
  size_bytes: 10,
  uploaded_at,
});

/**
 * A confirmed parent account (D50) linked to `children`; sign it in with POST /api/parent/login and the
 * returned email and password.
 */
export async function createParent(
  db: Db,
  input: { name?: string; email?: string; password?: string; children?: string[]; confirmed?: boolean } = {},
) {
  const email = input.email ?? `parent${unique()}@example.org`;
  const password = input.password ?? 'Parent-pass-123';
  const now = new Date();
  const [row] = await db
    .insert(parents)
    .values({
      email,
      name: input.name ?? 'Mrs Ali',
      password_hash: await hashPassword(password),
      confirmed_at: input.confirmed === false ? null : now,
      created_at: now,
    })
    .returning({ id: parents.id });
  const children = input.children ?? [];
  if (children.length)
    await db
      .insert(parentLinks)
      .values(
        children.map((student_id) => ({ parent_id: row!.id, student_id, linked_at: now, how: 'code' })),
      );
  return { id: row!.id, email, password };
}
