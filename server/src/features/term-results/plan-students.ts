import { listName, messages, resultMessages } from '@sp/domain';
import { studentsOfTermYear } from '../../shared/term-data.js';
import { inScope, type ClassScope } from './class-scope.js';
import type { Conn } from './plan-types.js';
import type { FieldError } from './read-cells.js';

export interface StudentInfo {
  name: string;
  class_id: string | null;
  form_level: number | null;
}

/**
 * Every student (or the one asked for) with their class and form in the term's school year (D49): whom an
 * import's rows may name.
 */
export async function loadStudents(
  db: Conn,
  year: number,
  studentId?: string,
): Promise<Map<string, StudentInfo>> {
  const rows = await studentsOfTermYear(db, year, undefined, studentId);
  return new Map(
    rows.map((r) => [r.id, { name: listName(r.first, r.last), class_id: r.class_id, form_level: r.form }]),
  );
}

/** The checks every row starts with: a known student with a class, in the actor's classes (D44). */
export function checkStudent(
  studentId: string,
  people: Map<string, StudentInfo>,
  scope: ClassScope,
  errors: FieldError[],
): StudentInfo | undefined {
  const student = people.get(studentId);
  if (!studentId) errors.push({ field: 'student_id', message: messages.required });
  else if (!student) errors.push({ field: 'student_id', message: resultMessages.unknownStudent });
  else if (!inScope(scope, student.class_id))
    errors.push({ field: 'student_id', message: resultMessages.notYourClass(student.class_id) });
  return student;
}
