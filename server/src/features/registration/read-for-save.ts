import { sql, type SQL } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import { STEP_COMPLETION_FIELDS, type StudentFields } from '@sp/domain';
import { runNamed, type Db, type Tx, type Values } from '../../db/client.js';
import {
  enrolments,
  formClasses,
  registrationProgress,
  registrationWindows,
  schoolYears,
  students,
} from '../../db/schema.js';
import { lockStudentRow } from '../../shared/student-record.js';
import { LOOKUPS, lookupParam } from './save-lookups.js';
import { statementName } from './statement-name.js';

type Column =
  (typeof students)[keyof typeof students.$inferSelect] | (typeof registrationProgress)['student_data'];

/** A column as the read selects it: dates and times as text, so every engine answers them alike. */
const selected = (table: string, column: Column, alias: string): SQL => {
  const type = column.getSQLType();
  const cast = type === 'date' || type.startsWith('timestamp') ? '::text' : '';
  return sql.raw(`${table}."${column.name}"${cast} as "${alias}"`);
};

/** A value read back as Drizzle reads the column. */
const decoded = (column: Column, value: unknown): unknown =>
  value === null || value === undefined ? null : column.mapFromDriverValue(value);

const PROGRESS_COLUMNS: Column[] = Object.values(registrationProgress).filter(
  (c): c is Column => c instanceof PgColumn,
);

/**
 * One statement reads everything a save decides on: the fields it touches or that decide step completion
 * (a whole student row is ~120 columns), the stored progress, the registration window of the student's form,
 * whether each lookup value is in its list, the student's enrolment this year, and the row's version
 * (`xmin`, which every write of the row changes). Named per set of fields, so the database plans each shape
 * once (see runNamed).
 *
 * The transaction's read locks the student row first, in a statement of its own: a statement that waits for a
 * lock reads the other tables as they were when it began, so one read that locked and joined would miss the
 * step a concurrent "Nothing has changed" or upload committed meanwhile, and the save would write it back undone.
 */
export async function readForSave(db: Db | Tx, id: string, changes: StudentFields, lock: boolean) {
  const fieldNames = Object.keys(changes);
  const names = [...new Set([...fieldNames, ...STEP_COMPLETION_FIELDS])];
  const columns = names.map((name) => students[name as keyof typeof students.$inferSelect]);
  const lookupFields = fieldNames.filter((f) => LOOKUPS[f] && typeof changes[f] === 'string');
  const build = () => sql`select s.xmin::text as version, ${sql.join(
    [
      ...columns.map((c, i) => selected('s', c, `f${i}`)),
      ...PROGRESS_COLUMNS.map((c, i) => selected('p', c, `p${i}`)),
      ...lookupFields.map(
        (field, i) => sql`${LOOKUPS[field]!(sql.placeholder(`l${i}`))} as ${sql.raw(`"l${i}"`)}`,
      ),
    ],
    sql`, `,
  )}, c.form_level, w.open as window_open, w.deadline::text as window_deadline,
      y.year as current_year, e.status as year_status, e."returning" as year_returning
    from ${students} s
    left join ${registrationProgress} p on p.student_id = s.id
    left join ${formClasses} c on c.class_id = s.class_id
    left join ${registrationWindows} w on w.form_level = c.form_level
    left join ${schoolYears} y on y.state = 'current'
    left join ${enrolments} e on e.student_id = s.id and e.year = y.year
    where s.id = ${sql.placeholder('id')}`;
  const values: Values = { id };
  lookupFields.forEach((field, i) => (values[`l${i}`] = lookupParam(field, changes[field] as string)));
  if (lock) await lockStudentRow(db, id);
  const key = `${fieldNames.join(',')}|${lookupFields.join(',')}`;
  const [row] = await runNamed(db, statementName('read', key), build, values);
  if (!row) return undefined;
  const progress = Object.fromEntries(PROGRESS_COLUMNS.map((c, i) => [c.name, decoded(c, row[`p${i}`])]));
  return {
    version: row.version as string,
    fields: Object.fromEntries(
      names.map((name, i) => [name, decoded(columns[i]!, row[`f${i}`])]),
    ) as StudentFields,
    progress: progress.student_id === null ? null : (progress as typeof registrationProgress.$inferSelect),
    formLevel: row.form_level as number | null,
    window:
      row.form_level === null
        ? null
        : { open: row.window_open as number, deadline: row.window_deadline as string | null },
    lookups: Object.fromEntries(lookupFields.map((field, i) => [field, row[`l${i}`] === true])),
    /** The student's enrolment this year (D49): a leaver may not register; a returning student's steps are gated. */
    year: {
      year: Number(row.current_year),
      status: row.year_status as string | null,
      returning: row.year_returning === true,
      unchanged: null,
    },
  };
}

/** What a save read: undefined when there is no student with the ID. */
export type SaveRead = Awaited<ReturnType<typeof readForSave>>;
