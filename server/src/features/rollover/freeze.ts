import { sql, type SQL } from 'drizzle-orm';
import { YEARLY_DOCUMENTS } from '@sp/domain';
import type { Tx } from '../../db/client.js';
import { STEP_COLUMN_NAMES, noStepDone } from '../../shared/registration-progress.js';

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

/** Who closed the year and when: each student's history gets a line for it (see moveBatch). */
export interface RolloverStamp {
  at: Date;
  actorKind: string;
  actorId?: string | null;
  ip?: string | null;
}

/** One student's decisions, as the batch statement takes them (see moveBatch). */
export interface MoveRow {
  student_id: string;
  closing_status: string;
  note: string | null;
  next: { class_id: string | null; status: string } | null;
}

const fileJson = `CASE WHEN f.id IS NULL THEN NULL ELSE jsonb_build_object(
  'id', f.id, 'original_name', f.original_name, 'storage_key', f.storage_key,
  'mime_type', f.mime_type, 'size_bytes', f.size_bytes, 'uploaded_at', f.uploaded_at) END`;

/**
 * A student's documents (the outer query's \`s\`) as FrozenDocument[]: each check with its live file, then
 * each live file without a check. Index look-ups per student, so the cost grows with the school, not its
 * square, whatever plan the database picks for a school it has no statistics of yet.
 */
const documentsOf = sql.raw(`(
  SELECT jsonb_agg(x.doc ORDER BY x.type) FROM (
    SELECT c.type, jsonb_build_object('type', c.type, 'status', c.status, 'received', c.received,
      'reason', c.reason, 'checked_by', c.checked_by, 'checked_at', c.checked_at, 'file', ${fileJson}) AS doc
    FROM document_checks c
    LEFT JOIN uploaded_files f ON f.student_id = c.student_id AND f.type = c.type AND f.year IS NULL
    WHERE c.student_id = s.id
    UNION ALL
    SELECT f.type, jsonb_build_object('type', f.type, 'status', NULL, 'received', NULL, 'reason', NULL,
      'checked_by', NULL, 'checked_at', NULL, 'file', ${fileJson})
    FROM uploaded_files f
    WHERE f.student_id = s.id AND f.year IS NULL
      AND NOT EXISTS (SELECT 1 FROM document_checks c WHERE c.student_id = s.id AND c.type = f.type)
  ) x)`);

/**
 * One batch of students in one statement. Every part reads the same snapshot, so the closing year's rows
 * freeze the record as it was before the same statement moves the student on: the class, its form and the
 * house, the whole student row (to_jsonb: every field, identity and terms), the steps, the terms and the
 * documents (checks and live files); the closing status and note; a line in each student's history (the class
 * then, and the next class or why the student leaves). Continuing students get next year's
 * enrolment, their next class, and a registration to do again (no step done, terms not agreed); others
 * leave their class.
 */
export async function moveBatch(
  tx: Tx,
  from: number,
  rows: readonly MoveRow[],
  by: RolloverStamp,
): Promise<void> {
  const column = (pick: (r: MoveRow) => string | null) => sql`${sql.param(rows.map(pick))}::varchar[]`;
  // Each table is also reached by "= ANY(ids)": its index finds the batch's rows, never a scan of the school.
  const ids = column((r) => r.student_id);
  await tx.execute(sql`
    WITH v AS (
      SELECT * FROM unnest(${ids}, ${column((r) => r.closing_status)},
        ${column((r) => r.note)}, ${column((r) => r.next?.class_id ?? null)},
        ${column((r) => r.next?.status ?? null)}) AS v(id, closing, note, next_class, next_status)
    ), closing AS (
      UPDATE enrolments e SET
        form_level = fc.form_level, class_id = s.class_id, house_code = s.house_code,
        record = to_jsonb(s),
        steps = CASE WHEN rp.student_id IS NULL THEN NULL ELSE to_jsonb(rp) - 'student_id' END,
        terms = jsonb_build_object('agreed', s.agree_terms_conditions, 'at', s.terms_agreed_at,
                                   'ip', s.terms_agreed_ip, 'version', s.terms_version),
        documents = coalesce(${documentsOf}, '[]'::jsonb),
        status_note = v.note,
        status = CASE WHEN v.closing = 'enrolled' AND e.status = 'repeating' THEN 'repeating' ELSE v.closing END
      FROM v JOIN students s ON s.id = v.id
        LEFT JOIN form_classes fc ON fc.class_id = s.class_id
        LEFT JOIN registration_progress rp ON rp.student_id = s.id
      WHERE e.student_id = v.id AND e.year = ${from} AND e.student_id = ANY(${ids}) AND s.id = ANY(${ids})
    ), opening AS (
      INSERT INTO enrolments (student_id, year, status, "returning")
      SELECT v.id, ${from + 1}, v.next_status, true FROM v WHERE v.next_status IS NOT NULL
    ), history AS (
      INSERT INTO audit_log (at, actor_kind, actor_id, ip, action, student_id, old_value, new_value, detail)
      SELECT ${by.at.toISOString()}::timestamptz, ${by.actorKind}, ${by.actorId ?? null}, ${by.ip ?? null}, 'year_end', v.id,
        s.class_id,
        CASE WHEN v.next_status = 'repeating' THEN v.next_class || ' (repeating)'
             WHEN v.next_status IS NOT NULL THEN v.next_class
             ELSE initcap(v.closing) || coalesce(': ' || v.note, '') END,
        jsonb_build_object('from_year', ${from}::int, 'to_year', ${from + 1}::int)
      FROM v JOIN students s ON s.id = v.id AND s.id = ANY(${ids})
    ), steps AS (
      UPDATE registration_progress SET ${noStepDone}
      FROM v WHERE registration_progress.student_id = v.id AND v.next_status IS NOT NULL
        AND registration_progress.student_id = ANY(${ids})
    )
    UPDATE students s SET class_id = v.next_class,
      agree_terms_conditions = CASE WHEN v.next_status IS NULL THEN s.agree_terms_conditions ELSE 0 END,
      terms_agreed_at = CASE WHEN v.next_status IS NULL THEN s.terms_agreed_at END,
      terms_agreed_ip = CASE WHEN v.next_status IS NULL THEN s.terms_agreed_ip END,
      terms_version = CASE WHEN v.next_status IS NULL THEN s.terms_version END
    FROM v WHERE s.id = v.id AND s.id = ANY(${ids})`);
}

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
    UPDATE registration_progress rp SET ${sql.raw(STEP_COLUMN_NAMES.map((s) => `${s} = (e.steps->>'${s}')::timestamptz`).join(', '))}
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
