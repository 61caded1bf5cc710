import { formClasses, houses } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import type { z } from 'zod';
import { fromZodError } from '../../errors.js';
import {
  importMessages,
  importedStudentSchema,
  newStudentSchema,
  type ImportField,
  type NewStudent,
} from '@sp/domain';

export interface FieldError {
  field: string;
  message: string;
}

/** Classes and houses as typed in a file (any case; a house by code or name) → the stored code. */
export interface Lookups {
  classes: Map<string, string>;
  houses: Map<string, string>;
  /** The houses as a message lists them: "Ruby House (RED)". */
  houseNames: string[];
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
    houseNames: houseRows
      .map((r) => (r.name && r.name !== r.id ? `${r.name} (${r.id})` : r.id))
      .sort((a, b) => a.localeCompare(b)),
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

// "Today" moves, so the schemas are rebuilt when the school's date changes.
let cached:
  | {
      today: string;
      whole: ReturnType<typeof newStudentSchema>;
      update: ReturnType<typeof importedStudentSchema>;
    }
  | undefined;
function schemasFor(today: string) {
  if (cached?.today !== today)
    cached = { today, whole: newStudentSchema(today), update: importedStudentSchema(today) };
  return cached;
}

const typed = (input: Partial<Record<ImportField, unknown>>, field: ImportField) => {
  const value = input[field];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};

/**
 * A class or house the school does not have is said so, with the houses it does have, before the schema
 * can call a long house name "At most 10 characters".
 */
function unknownLookups(input: Partial<Record<ImportField, unknown>>, lookups: Lookups): FieldError[] {
  const errors: FieldError[] = [];
  const classId = typed(input, 'class_id');
  if (classId && !lookups.classes.has(classId.toLowerCase()))
    errors.push({ field: 'class_id', message: importMessages.unknownClass(classId) });
  const house = typed(input, 'house_code');
  if (house && !lookups.houses.has(house.toLowerCase()))
    errors.push({ field: 'house_code', message: importMessages.unknownHouse(house, lookups.houseNames) });
  return errors;
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
  return check(schemasFor(today).whole, input, lookups, known);
}

/** D43: a file row of a stored student, its blank cells already left out; what is missing stays as stored. */
export function checkStudentUpdate(
  input: Partial<Record<ImportField, unknown>>,
  lookups: Lookups,
  today: string,
  known: FieldError[] = [],
): { student: (Partial<NewStudent> & { id: string }) | null; errors: FieldError[] } {
  return check(schemasFor(today).update, input, lookups, known);
}

function check<S extends Partial<NewStudent>>(
  schema: z.ZodType<S, Partial<Record<ImportField, unknown>>>,
  input: Partial<Record<ImportField, unknown>>,
  lookups: Lookups,
  known: FieldError[],
): { student: S | null; errors: FieldError[] } {
  const errors = [...known, ...unknownLookups(input, lookups)];
  const seen = new Set(errors.map((e) => e.field));
  const parsed = schema.safeParse({
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
  return errors.length ? { student: null, errors } : { student: parsed.data, errors };
}
