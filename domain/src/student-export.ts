import { z } from 'zod';
import { wholeNumberParam } from './query-params.js';
import { academicYearLabel } from './rules.js';
import { schoolYearParam } from './school-years.js';
import { STUDENT_FIELDS, type FieldDefinition, type FieldSection } from './student-fields.js';

/** Filters of GET /api/registration-data-spreadsheet (D18); every one optional. */
export const exportQuerySchema = z.strictObject({
  form_level: wholeNumberParam('Form level must be a number from 1 to 7.', 1, 7).optional(),
  class_id: z.string().trim().min(1, 'Choose a class.').max(10, 'Choose a class.').optional(),
  /** 1: withdrawn students are included too (D29 hides them otherwise). */
  include_withdrawn: z.enum(['0', '1'], { error: 'include_withdrawn is 0 or 1.' }).optional(),
  /** A closed school year's records as they were frozen (D49); the current year when absent. */
  year: schoolYearParam.optional(),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/**
 * "Registration Data - Form 1 - 2026-11-24.xlsx": a download says what it holds and when it was taken, so two
 * exports do not overwrite each other or get mixed up; a school year asked for by name is named too ("Form 1 -
 * 2025-2026"). Characters a file name cannot hold become dashes.
 */
export function exportFileName(query: ExportQuery, today: string): string {
  const scope = query.class_id
    ? `Class ${query.class_id}`
    : query.form_level !== undefined
      ? `Form ${query.form_level}`
      : 'Whole School';
  const year = query.year === undefined ? '' : ` - ${academicYearLabel(query.year)}`;
  // eslint-disable-next-line no-control-regex
  return `Registration Data - ${scope}${year} - ${today}.xlsx`.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '-');
}

/** Sections whose labels repeat ("Home Phone" for mother, father and guardian): their headings say whose. */
const WHOSE: Partial<Record<FieldSection, string>> = {
  mother: 'Mother',
  father: 'Father',
  guardian: 'Guardian',
  emergency: 'Emergency',
  immigration: 'Immigration',
};

/**
 * A field's label, told apart from the fields that share it: "Mother: Home Phone". Used for the
 * spreadsheet's headers and the history of a record, where a field stands without its form section.
 */
export function fieldHeading(field: FieldDefinition): string {
  const whose = WHOSE[field.section];
  if (!whose || field.label.startsWith(whose)) return field.label;
  return `${whose}: ${field.label}`;
}

const headings = new Map(STUDENT_FIELDS.map((f) => [f.name, fieldHeading(f)]));
/** The heading of a field by its name, or the name itself for a column the field table does not know. */
export const fieldHeadingOf = (name: string): string => headings.get(name) ?? name;
