import { z } from 'zod';
import { studentIdSchema } from './auth-schemas.js';
import { fieldErrorSchema, filePreviewSchema } from './file-preview.js';
import { messages, tooLong } from './messages.js';
import { wholeNumberParam } from './query-params.js';
import { fieldSchema } from './student-record.js';
import { STUDENT_FIELDS, type FieldDefinition } from './student-fields.js';

/**
 * D18: the columns of an import file and of a student added by hand, in template order. The limits and
 * validators come from the field table; `entry_date` is not a registration field, so it is defined here.
 */
export const IMPORT_COLUMNS = [
  { name: 'id', label: 'ID' },
  { name: 'last_name', label: 'Last Name' },
  { name: 'first_name', label: 'First Name' },
  { name: 'sea_no', label: 'SEA Number' },
  { name: 'class_id', label: 'Class' },
  { name: 'date_of_birth', label: 'Date of Birth' },
  { name: 'house_code', label: 'House' },
  { name: 'entry_date', label: 'Entry Date' },
] as const;
export type ImportField = (typeof IMPORT_COLUMNS)[number]['name'];

/** Columns a file must have; a missing optional column leaves that field of existing students as it is. */
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = [
  'id',
  'last_name',
  'first_name',
  'class_id',
  'date_of_birth',
];

export const IMPORT_MAX_MB = 5;
export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024;
/** D47: students in one file (a large school is 2,000); rows past this are not read. */
export const IMPORT_MAX_ROWS = 20_000;
/** Rows of a preview answer; the file is sent again for another page. */
export const IMPORT_PREVIEW_PAGE_SIZE = 100;
/** Row numbers a repeated-ID message names before "and N more". */
const LISTED_ROWS = 3;

const thousands = (n: number) => n.toLocaleString('en-US');

/** "rows 2, 3, 4 … and 9,997 more": a repeated ID's message stays short however often it repeats. */
export function rowList(lines: readonly number[]): string {
  const listed = lines.slice(0, LISTED_ROWS).map(thousands).join(', ');
  const more = lines.length - LISTED_ROWS;
  return more > 0 ? `rows ${listed} … and ${thousands(more)} more` : `rows ${listed}`;
}
export const IMPORT_TEMPLATE_NAME = 'Import Students';
export const IMPORT_FILE_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const ENTRY_DATE_FIELD: FieldDefinition = {
  name: 'entry_date',
  label: 'Entry Date',
  section: 'identity',
  step: 'studentData',
  control: 'date',
  // A class can be entered before the term it starts in.
  allowFuture: true,
};

const field = (name: string): FieldDefinition => {
  const found = STUDENT_FIELDS.find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};

const CLASS_MAX = field('class_id').maxLength ?? 10;
const requiredClass = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: messages.required }).min(1, messages.required).max(CLASS_MAX, tooLong(CLASS_MAX)),
);

/** A student as staff add one, or as one row of an import file (yyyy-MM-dd dates; blank optional → null). */
export interface NewStudent {
  id: string;
  last_name: string;
  first_name: string;
  sea_no: string | null;
  class_id: string;
  date_of_birth: string;
  house_code: string | null;
  entry_date: string | null;
}

/** `POST /api/students` and each import row (D15: the same rules on the form and on the server). */
export function newStudentSchema(today: string) {
  return studentObject(today) as unknown as z.ZodType<NewStudent, Partial<Record<ImportField, unknown>>>;
}

/**
 * D43: an import row of a student already stored, with its blank cells left out: every field but the ID may
 * be missing, and what is missing keeps the stored value.
 */
export function importedStudentSchema(today: string) {
  return studentObject(today).partial().required({ id: true }) as unknown as z.ZodType<
    Partial<NewStudent> & { id: string },
    Partial<Record<ImportField, unknown>>
  >;
}

function studentObject(today: string) {
  return z.strictObject({
    id: studentIdSchema,
    last_name: fieldSchema(field('last_name'), today),
    first_name: fieldSchema(field('first_name'), today),
    sea_no: fieldSchema(field('sea_no'), today).optional(),
    class_id: requiredClass,
    date_of_birth: fieldSchema(field('date_of_birth'), today),
    house_code: fieldSchema(field('house_code'), today).optional(),
    entry_date: fieldSchema(ENTRY_DATE_FIELD, today).optional(),
  });
}

export const addStudentResultSchema = z.object({ message: z.string(), id: z.string() });
export type AddStudentResult = z.infer<typeof addStudentResultSchema>;

export const importMessages = {
  noFile: 'Choose a CSV or XLSX file to import.',
  empty: 'The file is empty.',
  tooLarge: `The file is larger than ${IMPORT_MAX_MB} MB. Split it into smaller files.`,
  tooManyRows: (max: number) => `The file has more than ${thousands(max)} rows. Split it into smaller files.`,
  unpacksTooLarge: (mb: number) =>
    `The spreadsheet unpacks to more than ${mb} MB. Save it again as .xlsx with only the sheets to import, or as .csv.`,
  fileChanged: 'The file changed since the preview: choose it again.',
  wrongType: 'Only CSV or XLSX (Excel) files can be imported.',
  oldExcel: 'This is an old Excel (.xls) file. Save it as .xlsx or .csv and try again.',
  unreadable: 'The file could not be read as a spreadsheet. Save it again as .xlsx or .csv.',
  noHeader: `The file has no header row. The first row must name the columns: ${IMPORT_COLUMNS.map((c) => c.label).join(', ')}.`,
  missingColumns: (labels: string[]) => `The header row lacks these columns: ${labels.join(', ')}.`,
  noRows: 'The file has a header row but no students.',
  unknownClass: (v: string) => `Unknown class "${v}".`,
  unknownHouse: (v: string, known: readonly string[]) =>
    known.length
      ? `"${v}" is not one of the school's houses: ${known.join(', ')}.`
      : `"${v}" is not one of the school's houses: the school has no houses yet.`,
  badDate: 'Enter the date as yyyy-mm-dd or dd/mm/yyyy.',
  duplicateId: (lines: readonly number[]) =>
    `This ID appears more than once in the file (${rowList(lines)}).`,
  studentExists: (id: string) => `A student with ID ${id} already exists.`,
  added: (id: string) => `Student ${id} was added.`,
  conflict: 'The students changed while importing. Preview the file again and confirm.',
  imported: (c: ImportCounts) =>
    `Imported: ${c.added} new, ${c.changed} changed, ${c.unchanged} unchanged, ${c.errors} with errors (not imported).`,
} as const;

export const IMPORT_ROW_STATUSES = ['new', 'changed', 'unchanged', 'error'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const importRowSchema = z.object({
  /** The row number as a spreadsheet shows it (the header is usually row 1). */
  line: z.number(),
  id: z.string(),
  name: z.string(),
  status: z.enum(IMPORT_ROW_STATUSES),
  changes: z.array(
    z.object({
      field: z.string(),
      label: z.string(),
      from: z.string().nullable(),
      to: z.string().nullable(),
    }),
  ),
  errors: z.array(fieldErrorSchema),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importCountsSchema = z.object({
  added: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  errors: z.number(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const IMPORT_ROW_FILTERS = ['all', ...IMPORT_ROW_STATUSES] as const;
export type ImportRowFilter = (typeof IMPORT_ROW_FILTERS)[number];

/** The query of a preview: which rows, which page (D47: an answer holds one page). */
export const importPreviewQuerySchema = z.strictObject({
  status: z.enum(IMPORT_ROW_FILTERS, { error: 'Show all rows or one status.' }).optional(),
  page: wholeNumberParam('The page is a whole number.', 0, IMPORT_MAX_ROWS).optional(),
});
export type ImportPreviewQuery = z.infer<typeof importPreviewQuerySchema>;

export const importPreviewSchema = filePreviewSchema(importCountsSchema, importRowSchema).extend({
  /** The rows shown: with no status asked for, the rows with errors when there are any, else all. */
  status: z.enum(IMPORT_ROW_FILTERS),
  /** Rows with that status in the whole file. */
  total: z.number(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({ message: z.string(), counts: importCountsSchema });
export type ImportResult = z.infer<typeof importResultSchema>;

export const importHistorySchema = z.array(
  importCountsSchema.extend({
    id: z.number(),
    at: z.string(),
    actor_id: z.string(),
    file_name: z.string(),
  }),
);
export type ImportHistoryEntry = z.infer<typeof importHistorySchema>[number];
