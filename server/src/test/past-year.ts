import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { documentChecks, registrationProgress, students, uploadedFiles } from '../db/schema.js';
import { currentYear } from '../shared/school-years.js';
import { createStudent, ensureClass, uploadedFileRow } from './factories.js';
import { put, rollOver } from './rollover-kit.js';
import type { TestApp } from './test-app.js';

/** The phone number each year's record holds for the returning student of `twoYearSchool`. */
export const PHONES = { past: '6221111', now: '6229999' } as const;

/**
 * A school across two years, closed by the yearly rollover itself: in the closed year, `stays` (class 4K, Form
 * 4) had finished every step, agreed to the terms, uploaded a photo and had the birth certificate verified;
 * `leaver` was in 4K too with nothing done, marked leaving. In the new current year `stays` is in 5K with a new
 * first name and phone number, no step done and the photo asked again; `leaver` has no enrolment.
 */
export async function twoYearSchool(t: TestApp) {
  const db = t.database.db;
  await ensureClass(db, '4K', 4);
  await ensureClass(db, '5K', 5);
  const stays = (await createStudent(db, { class_id: '4K', last_name: 'Stays', first_name: 'Ann' })).id;
  const leaver = (await createStudent(db, { class_id: '4K', last_name: 'Leaver', first_name: 'Lee' })).id;
  const then = new Date('2025-10-01T14:00:00Z');
  await db
    .update(students)
    .set({ home_phone_mother: PHONES.past, agree_terms_conditions: 1, terms_agreed_at: then })
    .where(eq(students.id, stays));
  await db.insert(registrationProgress).values({
    student_id: stays,
    ...Object.fromEntries(
      ['student_data', 'family_data', 'health_data', 'other_data', 'documents', 'submit'].map((c) => [
        c,
        then,
      ]),
    ),
  });
  await db.insert(uploadedFiles).values(uploadedFileRow(stays, 'picture', then));
  await db.insert(documentChecks).values({
    student_id: stays,
    type: 'birth_certificate',
    status: 'verified',
    received: 1,
    checked_by: 'office',
    checked_at: then,
  });
  const admin = await t.signInAdmin();
  const marked = await put(admin, `/api/admin/rollover/marks/${leaver}`, { mark: 'leaving' });
  expect(marked.statusCode, marked.body).toBe(200);
  const rolled = await rollOver(db, admin);
  expect(rolled.statusCode, rolled.body).toBe(200);
  const past = (await currentYear(db)).year - 1;
  // The new year: the family changes a name and a phone number.
  await db
    .update(students)
    .set({ first_name: 'Anna', home_phone_mother: PHONES.now })
    .where(eq(students.id, stays));
  return { past, stays, leaver };
}
