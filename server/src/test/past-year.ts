import { and, eq, inArray, sql } from 'drizzle-orm';
import { DOCUMENT_TYPES } from '@sp/domain';
import type { Db } from '../db/client.js';
import { enrolments, schoolYears } from '../db/schema.js';
import { currentYear } from '../shared/school-years.js';

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
