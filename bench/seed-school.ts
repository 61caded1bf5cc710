/**
 * A large school for the benchmarks, written straight into the database in batches: `count` students in
 * Forms 1–5 (about 40 per class), with a spread of completed steps, documents on file, office checks and
 * agreed terms, so every column of the report and the dashboard has work to do.
 */
import { DOCUMENT_TYPES } from '@sp/domain';
import type { Db } from '../server/src/db/client.js';
import {
  documentChecks,
  formClasses,
  houses,
  registrationProgress,
  students,
  uploadedFiles,
} from '../server/src/db/schema.js';
import { enrolEveryStudent } from '../server/src/shared/school-years.js';

const FIRST = [
  'Aaliyah',
  'Brandon',
  'Chantal',
  'Darius',
  'Keisha',
  'Ravi',
  'Priya',
  'Tyrese',
  'Nadia',
  'Imran',
];
const LAST = [
  'Ali',
  'Baptiste',
  'Charles',
  'Dookie',
  'Harripersad',
  'Joseph',
  'Khan',
  'Mohammed',
  'Persad',
  'Ramdial',
  'Sealy',
  'Williams',
  'Maharaj',
  'Ramkissoon-Boodram', // long names wrap in the report
];
const STEPS = ['student_data', 'family_data', 'health_data', 'other_data', 'documents', 'submit'] as const;

export const seededId = (i: number): string => `S${String(i).padStart(7, '0')}`;

/** Class of the i-th student: 40 a class, Forms 1–5, streams A, B, C, … as many as needed. */
export function seededClass(i: number, count: number): { class_id: string; form_level: number } {
  const perForm = Math.ceil(count / 5);
  const form_level = 1 + Math.floor(i / perForm);
  const stream = Math.floor((i % perForm) / 40);
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const name =
    stream < 26 ? letters[stream]! : `${letters[Math.floor(stream / 26) - 1]}${letters[stream % 26]}`;
  return { class_id: `${form_level}${name}`, form_level };
}

/** Students `from` to `count` - 1 of a school of `count` (seed a part first, measure, then the rest). */
export async function seedSchool(db: Db, count: number, from = 0, batch = 1000): Promise<void> {
  await db.insert(houses).values({ id: 'RED', name: 'Ruby House' }).onConflictDoNothing();
  const classes = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const c = seededClass(i, count);
    classes.set(c.class_id, c.form_level);
  }
  const classRows = [...classes].map(([class_id, form_level]) => ({ class_id, form_level }));
  for (let i = 0; i < classRows.length; i += batch)
    await db
      .insert(formClasses)
      .values(classRows.slice(i, i + batch))
      .onConflictDoNothing();
  const at = new Date('2026-11-14T14:30:00Z');
  for (let start = from; start < count; start += batch) {
    const end = Math.min(count, start + batch);
    const people = [];
    const progress = [];
    const files: (typeof uploadedFiles.$inferInsert)[] = [];
    const checks: (typeof documentChecks.$inferInsert)[] = [];
    for (let i = start; i < end; i++) {
      const id = seededId(i);
      // 0–6 steps done, more often some than none; every seventh student has done nothing.
      const done = i % 7 === 0 ? 0 : (i * 5) % 7;
      people.push({
        id,
        first_name: FIRST[i % FIRST.length]!,
        last_name: LAST[(i * 7) % LAST.length]!,
        middle_name: i % 11 === 0 ? 'Marie-Josephine' : null,
        date_of_birth: '2013-04-09',
        class_id: seededClass(i, count).class_id,
        house_code: 'RED',
        agree_terms_conditions: done >= 5 ? 1 : 0,
        terms_agreed_at: done >= 5 ? at : null,
      });
      if (done > 0)
        progress.push({
          student_id: id,
          ...Object.fromEntries(STEPS.map((s, k) => [s, k < done ? at : null])),
        });
      DOCUMENT_TYPES.forEach((type, k) => {
        if (k < done - 2) {
          files.push({
            student_id: id,
            type,
            original_name: `${type}.pdf`,
            storage_key: `${id}/${type}`,
            mime_type: 'application/pdf',
            size_bytes: 1000,
            uploaded_at: at,
          });
          if ((i + k) % 3 === 0)
            checks.push({
              student_id: id,
              type,
              status: 'verified',
              received: 1,
              checked_by: 'office',
              checked_at: at,
            });
          else if ((i + k) % 13 === 0)
            checks.push({
              student_id: id,
              type,
              status: 'rejected',
              received: 0,
              reason: 'Blurred',
              checked_by: 'office',
              checked_at: at,
            });
        }
      });
    }
    await db.insert(students).values(people);
    if (progress.length) await db.insert(registrationProgress).values(progress);
    if (files.length) await db.insert(uploadedFiles).values(files);
    if (checks.length) await db.insert(documentChecks).values(checks);
  }
  await enrolEveryStudent(db);
}
