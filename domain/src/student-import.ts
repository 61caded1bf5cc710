import { z } from 'zod';
import { studentIdSchema } from './auth-schemas.js';
import { messages, tooLong } from './messages.js';
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
  return z.strictObject({
    id: studentIdSchema,
    last_name: fieldSchema(field('last_name'), today),
    first_name: fieldSchema(field('first_name'), today),
    sea_no: fieldSchema(field('sea_no'), today).optional(),
    class_id: requiredClass,
    date_of_birth: fieldSchema(field('date_of_birth'), today),
    house_code: fieldSchema(field('house_code'), today).optional(),
    entry_date: fieldSchema(ENTRY_DATE_FIELD, today).optional(),
  }) as unknown as z.ZodType<NewStudent, Partial<Record<ImportField, unknown>>>;
}

export const addStudentResultSchema = z.object({ message: z.string(), id: z.string() });
export type AddStudentResult = z.infer<typeof addStudentResultSchema>;

export const importMessages = {
  noFile: 'Choose a CSV or XLSX file to import.',
  empty: 'The file is empty.',
  tooLarge: `The file is larger than ${IMPORT_MAX_MB} MB. Split it into smaller files.`,
  wrongType: 'Only CSV or XLSX (Excel) files can be imported.',
  oldExcel: 'This is an old Excel (.xls) file. Save it as .xlsx or .csv and try again.',
  unreadable: 'The file could not be read as a spreadsheet. Save it again as .xlsx or .csv.',
  noHeader: `The file has no header row. The first row must name the columns: ${IMPORT_COLUMNS.map((c) => c.label).join(', ')}.`,
  missingColumns: (labels: string[]) => `The header row lacks these columns: ${labels.join(', ')}.`,
  noRows: 'The file has a header row but no students.',
  unknownClass: (v: string) => `Unknown class "${v}".`,
  unknownHouse: (v: string) => `Unknown house "${v}".`,
  badDate: 'Enter the date as yyyy-mm-dd or dd/mm/yyyy.',
  duplicateId: (lines: number[]) => `This ID appears more than once in the file (rows ${lines.join(', ')}).`,
  studentExists: (id: string) => `A student with ID ${id} already exists.`,
  added: (id: string) => `Student ${id} was added.`,
  conflict: 'The students changed while importing. Preview the file again and confirm.',
  imported: (c: ImportCounts) =>
    `Imported: ${c.added} new, ${c.changed} changed, ${c.unchanged} unchanged, ${c.errors} with errors (not imported).`,
} as const;

export const IMPORT_ROW_STATUSES = ['new', 'changed', 'unchanged', 'error'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/** One field's problem in a previewed row. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

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

export const importPreviewSchema = z.object({
  file_name: z.string(),
  counts: importCountsSchema,
  rows: z.array(importRowSchema),
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
