import {
  REGISTRATION_STEPS,
  STUDENT_FIELDS,
  fieldHeading,
  formatPhone,
  timestampInZone,
  type FieldDefinition,
  type RegistrationStep,
} from '@sp/domain';
import type { registrationProgress, students } from '../../db/schema.js';
import { lookupName, type LookupNames } from '../../shared/lookup-names.js';
import { PROGRESS_COLUMNS } from '../../shared/student-record.js';

export interface ExportRow {
  student: typeof students.$inferSelect;
  form_level: number | null;
  progress: typeof registrationProgress.$inferSelect | null;
}

type Cell = string | number | Date | null;

export interface ExportColumn {
  header: string;
  width: number;
  numFmt?: string;
  value: (row: ExportRow) => Cell;
}

const DATE_FORMAT = 'yyyy-mm-dd';
const TIME_FORMAT = 'yyyy-mm-dd hh:mm';

const STEP_HEADINGS: Record<RegistrationStep, string> = {
  studentData: 'Step Complete: Student',
  familyData: 'Step Complete: Family',
  healthData: 'Step Complete: Health',
  otherData: 'Step Complete: Other Data',
  documents: 'Step Complete: Documents',
  submit: 'Step Complete: Complete',
};

/** A stored yyyy-MM-dd as the Excel date of that day (Excel dates carry no zone; the writer reads the UTC fields). */
const excelDay = (day: string | null | undefined): Date | null => (day ? new Date(`${day}T00:00:00Z`) : null);

/** An instant as the school's wall-clock time, which is what a spreadsheet reader expects to see. */
const excelTime = (instant: Date | null | undefined, timeZone: string): Date | null =>
  instant ? new Date(`${timestampInZone(instant, timeZone).replace(' ', 'T')}Z`) : null;

const width = (header: string, min = 12): number => Math.min(40, Math.max(min, header.length + 2));

type Stored = ExportRow['student'][keyof ExportRow['student']];

function fieldCell(field: FieldDefinition, raw: Stored, names: LookupNames): Cell {
  if (raw === null || raw === undefined || raw === '') return null;
  const text = raw instanceof Date ? raw.toISOString() : String(raw);
  switch (field.control) {
    case 'flag':
      return text === '1' ? 'Yes' : 'No';
    case 'date':
      return excelDay(text);
    case 'phone':
      return formatPhone(text);
    case 'number':
      return Number(raw);
    case 'lookup':
      return lookupName(names, field.name, text);
    default:
      return text;
  }
}

function fieldColumn(field: FieldDefinition, names: LookupNames): ExportColumn {
  const header = fieldHeading(field);
  return {
    header,
    width: width(header, field.control === 'flag' ? 8 : field.control === 'textarea' ? 30 : 14),
    ...(field.control === 'date' ? { numFmt: DATE_FORMAT } : {}),
    value: (row) => fieldCell(field, row.student[field.name as keyof ExportRow['student']], names),
  };
}

/**
 * The spreadsheet's columns (D18): the student ID, every field of the field table with its heading, then the
 * form level, the six steps' completion and when the terms were agreed to.
 */
export function exportColumns(names: LookupNames, timeZone: string, withWithdrawn: boolean): ExportColumn[] {
  const time = (header: string, pick: (row: ExportRow) => Date | null | undefined): ExportColumn => ({
    header,
    width: 18,
    numFmt: TIME_FORMAT,
    value: (row) => excelTime(pick(row), timeZone),
  });
  const [classField, ...others] = STUDENT_FIELDS;
  return [
    { header: 'Student ID', width: 14, value: (row) => row.student.id },
    fieldColumn(classField!, names),
    { header: 'Form Level', width: 12, value: (row) => row.form_level },
    ...others.map((f) => fieldColumn(f, names)),
    time('Terms Agreed At', (row) => row.student.terms_agreed_at),
    ...REGISTRATION_STEPS.map((step) =>
      time(STEP_HEADINGS[step], (row) => row.progress?.[PROGRESS_COLUMNS[step]]),
    ),
    time('Last Updated', (row) => row.student.updated_at),
    ...(withWithdrawn ? [time('Withdrawn At', (row) => row.student.withdrawn_at)] : []),
  ];
}
