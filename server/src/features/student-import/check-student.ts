import { formClasses, houses } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { fromZodError } from '../../errors.js';
import { importMessages, newStudentSchema, type ImportField, type NewStudent } from '@sp/domain';

export interface FieldError {
  field: string;
  message: string;
}

/** Classes and houses as typed in a file (any case; a house by code or name) → the stored code. */
export interface Lookups {
  classes: Map<string, string>;
  houses: Map<string, string>;
}

export async function loadLookups(db: Db): Promise<Lookups> {
  const [classRows, houseRows] = await Promise.all([
    db.select({ id: formClasses.class_id }).from(formClasses),
    db.select({ id: houses.id, name: houses.name }).from(houses),
  ]);
  return {
    classes: new Map(classRows.map((r) => [r.id.toLowerCase(), r.id])),
    houses: new Map(
      houseRows.flatMap((r) => [[r.id.toLowerCase(), r.id] as const, [r.name.toLowerCase(), r.id] as const]),
    ),
  };
}

/** A class or house as typed (any case; a house by code or name) → the stored code, when known. */
function resolve(
  input: Partial<Record<ImportField, unknown>>,
  field: ImportField,
  known: Map<string, string>,
) {
  const value = input[field];
  const code = typeof value === 'string' ? known.get(value.trim().toLowerCase()) : undefined;
  return code ? { [field]: code } : {};
}

// "Today" moves, so the schema is rebuilt when the school's date changes.
let cached: { today: string; schema: ReturnType<typeof newStudentSchema> } | undefined;
function schemaFor(today: string) {
  if (cached?.today !== today) cached = { today, schema: newStudentSchema(today) };
  return cached.schema;
}

/**
 * One student, from the form or from a file row: the domain schema, then class and house against the
 * lookups. `known` carries errors found while reading the row (a date that is not a date); the schema's
 * own complaint about the same field is then left out.
 */
export function checkStudent(
  input: Partial<Record<ImportField, unknown>>,
  lookups: Lookups,
  today: string,
  known: FieldError[] = [],
): { student: NewStudent | null; errors: FieldError[] } {
  const errors = [...known];
  const seen = new Set(known.map((e) => e.field));
  const parsed = schemaFor(today).safeParse({
    ...input,
    ...resolve(input, 'class_id', lookups.classes),
    ...resolve(input, 'house_code', lookups.houses),
  });
  if (!parsed.success) {
    for (const { field = '', message } of fromZodError(parsed.error).errors ?? []) {
      if (!seen.has(field)) errors.push({ field, message });
      seen.add(field);
    }
    return { student: null, errors };
  }
  const student = parsed.data;
  if (!lookups.classes.has(student.class_id.toLowerCase()))
    errors.push({ field: 'class_id', message: importMessages.unknownClass(student.class_id) });
  if (student.house_code && !lookups.houses.has(student.house_code.toLowerCase()))
    errors.push({ field: 'house_code', message: importMessages.unknownHouse(student.house_code) });
  return errors.length ? { student: null, errors } : { student, errors };
}
