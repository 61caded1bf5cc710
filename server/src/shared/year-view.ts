import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DocumentType } from '@sp/domain';
import type { Db } from '../db/client.js';
import { enrolments, registrationProgress, schoolYears, students } from '../db/schema.js';
import { checkStatusOf, documentDoneWhen, hasFileOf } from './registration-progress.js';
import { yearOrCurrent, type SchoolYear } from './school-years.js';

/** What a staff view reads its students with: the database itself, or the same queries over a closed year. */
export type YearReader = Pick<Db, 'select'>;

/**
 * A staff view of one school year (D49). The current year reads the live tables, limited to the students
 * enrolled in it (last year's leavers drop out of the lists). A closed year runs the very same queries over
 * its frozen enrolments: common table expressions named students, registration_progress and form_classes
 * stand in for the tables, so a query written for today reads that year's records, steps and classes as they
 * were, and no write can reach it.
 */
export interface YearView {
  /** The year asked for; undefined when none was (the current year, without a look-up). */
  year: SchoolYear | undefined;
  past: boolean;
  db: YearReader;
  /** The students (of the outer query) who belong to the year. */
  enrolled: SQL;
  /** The office's check of a document and whether a file was on record, as the year has them. */
  checkStatusOf: (type: DocumentType) => SQL;
  hasFileOf: (type: DocumentType) => SQL;
  documentDone: (type: DocumentType) => SQL;
}

// Derived tables rather than drizzle's typed ones: the stand-ins keep the names and columns of the tables.
const standIn = (db: Db, name: string, body: SQL) => db.$with(name, {}).as(body);

/** The frozen documents of a student of a closed year (the outer query's students row), one per element. */
const frozenDocument = (type: DocumentType, what: SQL) =>
  sql`(select ${what} from jsonb_array_elements(coalesce(${students}.year_documents, '[]'::jsonb)) d where d->>'type' = ${type} limit 1)`;
const frozenStatus = (type: DocumentType) => frozenDocument(type, sql`d->>'status'`);
const frozenFile = (type: DocumentType) =>
  sql`coalesce(${frozenDocument(type, sql`jsonb_typeof(d->'file') = 'object'`)}, false)`;

/**
 * Each column of a live table read from a frozen JSON object of its rows (or from `overlay`), cast to the
 * column's type. One expression per column, not jsonb_populate_record: the planner computes only the columns a
 * query reads, and the enrolment's key stays visible, so a join to another stand-in is a primary-key look-up
 * rather than a loop over the year (the year's rows have no statistics until the database analyses them).
 */
function columnsOf(table: PgTable, json: string, overlay: Record<string, string>): SQL {
  return sql.raw(
    Object.values(getTableColumns(table))
      .map((c) => `${overlay[c.name] ?? `(${json}->>'${c.name}')::${c.getSQLType()}`} as "${c.name}"`)
      .join(', '),
  );
}

/** A closed year's stand-ins for the live tables, built from its enrolment rows. */
function pastYearReader(db: Db, year: number): YearReader {
  const ofYear = sql`from ${enrolments} e where e.year = ${year}`;
  return db.with(
    // The enrolment's own id, class and house win over the record's: an ID changed since cascades to it.
    standIn(
      db,
      'students',
      sql`select ${columnsOf(students, 'e.record', {
        id: 'e.student_id',
        class_id: 'e.class_id',
        house_code: 'e.house_code',
      })}, e.documents as year_documents ${ofYear}`,
    ),
    standIn(
      db,
      'registration_progress',
      sql`select ${columnsOf(registrationProgress, 'e.steps', { student_id: 'e.student_id' })} ${ofYear}`,
    ),
    standIn(
      db,
      'form_classes',
      sql`select e.class_id, min(e.form_level)::smallint as form_level ${ofYear} and e.class_id is not null
        group by e.class_id`,
    ),
  );
}

const currentView = (db: Db, year: SchoolYear | undefined): YearView => ({
  year,
  past: false,
  db,
  enrolled: sql`exists (select 1 from ${enrolments} e where e.student_id = ${students.id} and e.year = ${
    year
      ? sql`${year.year}`
      : sql`(select ${schoolYears.year} from ${schoolYears} where ${schoolYears.state} = 'current')`
  })`,
  checkStatusOf,
  hasFileOf,
  documentDone: (type) => documentDoneWhen(checkStatusOf(type), hasFileOf(type)),
});

/**
 * The view of the year a request names (a 404 naming a year the school does not have), or of the current
 * year when it names none.
 */
export async function yearView(db: Db, year: number | undefined): Promise<YearView> {
  if (year === undefined) return currentView(db, undefined);
  const found = await yearOrCurrent(db, year);
  if (found.state === 'current') return currentView(db, found);
  return {
    year: found,
    past: true,
    db: pastYearReader(db, found.year),
    enrolled: sql`true`,
    checkStatusOf: frozenStatus,
    hasFileOf: frozenFile,
    documentDone: (type) => documentDoneWhen(frozenStatus(type), frozenFile(type)),
  };
}
