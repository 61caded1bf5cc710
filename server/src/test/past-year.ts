import { and, eq, inArray, sql } from 'drizzle-orm';
import { DOCUMENT_TYPES } from '@sp/domain';
import type { Db } from '../db/client.js';
import {
  documentChecks,
  enrolments,
  registrationProgress,
  schoolYears,
  students,
  uploadedFiles,
} from '../db/schema.js';
import { currentYear } from '../shared/school-years.js';
import { createStudent, ensureClass, uploadedFileRow } from './factories.js';

/**
 * The year before the current one, closed with these students in it, frozen as the yearly rollover freezes a
 * year (D49): class, form and house, the steps, the terms, the whole student row and each document with its
 * check and live file. The students stay enrolled in the current year, as returning students; change the
 * live rows afterwards to tell the two years apart. Answers the closed year.
 */
export async function closeYearBefore(db: Db, studentIds: readonly string[]): Promise<number> {
  const { year: current } = await currentYear(db);
  const past = current - 1;
  await db
    .insert(schoolYears)
    .values({
      year: past,
      starts_on: `${past}-09-01`,
      ends_on: `${current}-08-31`,
      state: 'closed',
      closed_at: new Date(),
    })
    .onConflictDoNothing();
  const types = sql.join(
    DOCUMENT_TYPES.map((t) => sql`(${t})`),
    sql`, `,
  );
  await db.execute(sql`
    INSERT INTO enrolments (student_id, year, status, form_level, class_id, house_code, steps, terms, record, documents)
    SELECT s.id, ${past}, CASE WHEN s.withdrawn_at IS NULL THEN 'enrolled' ELSE 'withdrawn' END,
      fc.form_level, s.class_id, s.house_code,
      jsonb_build_object('student_data', p.student_data, 'family_data', p.family_data,
        'health_data', p.health_data, 'other_data', p.other_data, 'documents', p.documents, 'submit', p.submit),
      jsonb_build_object('agreed', coalesce(s.agree_terms_conditions, 0), 'at', s.terms_agreed_at,
        'ip', s.terms_agreed_ip, 'version', s.terms_version),
      to_jsonb(s),
      (SELECT jsonb_agg(jsonb_build_object('type', t.type, 'status', c.status, 'received', c.received,
          'reason', c.reason, 'checked_by', c.checked_by, 'checked_at', c.checked_at,
          'file', (SELECT to_jsonb(f) FROM uploaded_files f
                   WHERE f.student_id = s.id AND f.type = t.type AND f.year IS NULL)))
        FROM (VALUES ${types}) AS t(type)
        LEFT JOIN document_checks c ON c.student_id = s.id AND c.type = t.type)
    FROM students s
    LEFT JOIN form_classes fc ON fc.class_id = s.class_id
    LEFT JOIN registration_progress p ON p.student_id = s.id
    WHERE s.id = ANY(${sql.param([...studentIds])}::varchar[])
    ON CONFLICT DO NOTHING`);
  await db
    .update(enrolments)
    .set({ returning: true })
    .where(and(eq(enrolments.year, current), inArray(enrolments.student_id, [...studentIds])));
  return past;
}

/** A leaver: no enrolment in the current year (their closed year keeps them). */
export async function leaveCurrentYear(db: Db, studentId: string): Promise<void> {
  const { year } = await currentYear(db);
  await db.delete(enrolments).where(and(eq(enrolments.student_id, studentId), eq(enrolments.year, year)));
}

/** The phone number each year's record holds for the returning student of `twoYearSchool`. */
export const PHONES = { past: '6221111', now: '6229999' } as const;

/**
 * A school across two years: in the closed year, `stays` (class 4K, Form 4) has finished every step, agreed to
 * the terms, uploaded a photo and had the birth certificate verified; `leaver` is in 4K too with nothing done.
 * In the current year `stays` is in 5K with a new first name and phone number, no step done and the photo asked
 * again; `leaver` has no enrolment.
 */
export async function twoYearSchool(db: Db) {
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
  const past = await closeYearBefore(db, [stays, leaver]);
  // The rollover: moved up, registration started again, the photo archived with the year.
  await db
    .update(students)
    .set({
      class_id: '5K',
      first_name: 'Anna',
      home_phone_mother: PHONES.now,
      agree_terms_conditions: 0,
      terms_agreed_at: null,
    })
    .where(eq(students.id, stays));
  await db.delete(registrationProgress).where(eq(registrationProgress.student_id, stays));
  await db.update(uploadedFiles).set({ year: past }).where(eq(uploadedFiles.student_id, stays));
  await leaveCurrentYear(db, leaver);
  return { past, stays, leaver };
}
