import { sql, type SQL } from 'drizzle-orm';
import { YEARLY_DOCUMENTS } from '@sp/domain';
import type { Tx } from '../../db/client.js';

/** The rows a statement answers, from either driver. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** How many rows a data-changing statement (without its own RETURNING) touched. */
export async function countOf(tx: Tx, statement: SQL): Promise<number> {
  const result = await tx.execute(
    sql`WITH changed AS (${statement} RETURNING 1) SELECT count(*)::int AS n FROM changed`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
}

export const yearly = sql`${sql.param([...YEARLY_DOCUMENTS])}::varchar[]`;

const STEPS = ['student_data', 'family_data', 'health_data', 'other_data', 'documents', 'submit'] as const;

/**
 * A document as its year closed: the office's check (null fields: never checked) and the live file (null:
 * none). The frozen `documents` column holds one per type the student had either of, by type.
 */
export interface FrozenDocument {
  type: string;
  status: string | null;
  received: number | null;
  reason: string | null;
  checked_by: string | null;
  checked_at: string | null;
  file: {
    id: number;
    original_name: string;
    storage_key: string;
    mime_type: string;
    size_bytes: number;
    uploaded_at: string;
  } | null;
}

/**
 * Freezes every enrolment of the closing year in one statement: the class, its form and the house, the whole
 * student row as it is (to_jsonb: every field, identity and terms), the steps, the terms and the documents.
 */
export const freezeYear = (tx: Tx, year: number) =>
  tx.execute(sql`
    UPDATE enrolments e SET
      form_level = fc.form_level, class_id = s.class_id, house_code = s.house_code,
      record = to_jsonb(s),
      steps = (SELECT to_jsonb(rp) - 'student_id' FROM registration_progress rp WHERE rp.student_id = s.id),
      terms = jsonb_build_object('agreed', s.agree_terms_conditions, 'at', s.terms_agreed_at,
                                 'ip', s.terms_agreed_ip, 'version', s.terms_version),
      documents = coalesce((
        SELECT jsonb_agg(jsonb_build_object(
          'type', d.type, 'status', c.status, 'received', c.received, 'reason', c.reason,
          'checked_by', c.checked_by, 'checked_at', c.checked_at,
          'file', CASE WHEN f.id IS NULL THEN NULL ELSE jsonb_build_object(
            'id', f.id, 'original_name', f.original_name, 'storage_key', f.storage_key,
            'mime_type', f.mime_type, 'size_bytes', f.size_bytes, 'uploaded_at', f.uploaded_at) END
        ) ORDER BY d.type)
        FROM (SELECT type FROM document_checks WHERE student_id = s.id
              UNION SELECT type FROM uploaded_files WHERE student_id = s.id AND year IS NULL) d
        LEFT JOIN document_checks c ON c.student_id = s.id AND c.type = d.type
        LEFT JOIN uploaded_files f ON f.student_id = s.id AND f.type = d.type AND f.year IS NULL
      ), '[]'::jsonb)
    FROM students s LEFT JOIN form_classes fc ON fc.class_id = s.class_id
    WHERE e.year = ${year} AND e.student_id = s.id`);

const inYear = (year: number) => sql`(SELECT student_id FROM enrolments WHERE year = ${year})`;

/**
 * The yearly documents (the photo) go with the closing year: each live file is kept, marked with the year,
 * and its check is dropped, so the family is asked again. Other documents keep their file and check.
 */
export async function archiveYearlyDocuments(tx: Tx, year: number) {
  const files = await countOf(
    tx,
    sql`UPDATE uploaded_files SET year = ${year}
        WHERE year IS NULL AND type = ANY(${yearly}) AND student_id IN ${inYear(year)}`,
  );
  const checks = await countOf(
    tx,
    sql`DELETE FROM document_checks WHERE type = ANY(${yearly}) AND student_id IN ${inYear(year)}`,
  );
  return { files, checks };
}

/** Students enrolled in the new year start its registration afresh: no step done, the terms not yet agreed. */
export async function startRegistrationAgain(tx: Tx, newYear: number) {
  await tx.execute(sql`
    UPDATE registration_progress SET ${sql.raw(STEPS.map((s) => `${s} = NULL`).join(', '))}
    WHERE student_id IN ${inYear(newYear)}`);
  await tx.execute(sql`
    UPDATE students SET agree_terms_conditions = 0, terms_agreed_at = NULL, terms_agreed_ip = NULL,
      terms_version = NULL
    WHERE id IN ${inYear(newYear)}`);
}

/** Undo: the live rows as the closed year's frozen enrolments say they were. */
export async function restoreFromFrozen(tx: Tx, year: number) {
  await tx.execute(sql`
    UPDATE students s SET class_id = e.class_id,
      agree_terms_conditions = (e.terms->>'agreed')::smallint,
      terms_agreed_at = (e.terms->>'at')::timestamptz,
      terms_agreed_ip = e.terms->>'ip',
      terms_version = (e.terms->>'version')::integer
    FROM enrolments e WHERE e.year = ${year} AND e.student_id = s.id AND e.record IS NOT NULL`);
  await tx.execute(sql`
    UPDATE registration_progress rp SET ${sql.raw(STEPS.map((s) => `${s} = (e.steps->>'${s}')::timestamptz`).join(', '))}
    FROM enrolments e WHERE e.year = ${year} AND e.student_id = rp.student_id AND e.steps IS NOT NULL`);
  await tx.execute(sql`
    INSERT INTO document_checks (student_id, type, received, status, reason, checked_by, checked_at)
    SELECT e.student_id, d->>'type', (d->>'received')::smallint, d->>'status', d->>'reason',
      d->>'checked_by', (d->>'checked_at')::timestamptz
    FROM enrolments e CROSS JOIN jsonb_array_elements(e.documents) d
    WHERE e.year = ${year} AND d->>'type' = ANY(${yearly}) AND d->>'received' IS NOT NULL`);
  await tx.execute(sql`
    UPDATE uploaded_files SET year = NULL WHERE year = ${year} AND type = ANY(${yearly})`);
}
