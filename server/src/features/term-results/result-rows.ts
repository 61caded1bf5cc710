import { RATING_MAX, TEACHER_REMARK_MAX, messages, resultMessages, type ResultField } from '@sp/domain';
import type { OfferedSubject } from '../../shared/term-data.js';
import type { SheetTable } from '../../shared/sheet-table.js';
import type { ClassScope } from './class-scope.js';
import { checkStudent, type StudentInfo } from './plan-students.js';
import {
  breathe,
  countCell,
  markCell,
  markDuplicates,
  text,
  wordsCell,
  type FieldError,
  type MarkCell,
} from './read-cells.js';

/** The fields of a results row other than the two marks; a blank cell keeps what is stored (D40). */
export const OTHER_FIELDS = ['absences', 'lateness', 'application', 'conduct', 'teacher_remark'] as const;
export type OtherField = (typeof OTHER_FIELDS)[number];

export type RowSubject = { id: number } & Omit<OfferedSubject, 'title'>;
/** A subject by code or title (lower case), per form: one look-up per row. */
export type SubjectsByForm = Map<number, Map<string, RowSubject>>;

export function subjectsByName(offered: Map<number, Map<number, OfferedSubject>>): SubjectsByForm {
  const subjectsByForm: SubjectsByForm = new Map();
  for (const [form, list] of offered) {
    const byName = new Map<string, RowSubject>();
    for (const [id, s] of list) {
      byName.set(s.title.toLowerCase(), { id, ...s });
      byName.set(s.code.toLowerCase(), { id, ...s });
    }
    subjectsByForm.set(form, byName);
  }
  return subjectsByForm;
}

/** One results row as read and matched: its student and subject, each cell checked, and its errors. */
export interface CheckedRow {
  line: number;
  studentId: string;
  subjectText: string;
  subject: RowSubject | undefined;
  student: StudentInfo | undefined;
  course: MarkCell;
  exam: MarkCell;
  values: Record<OtherField, string | number | undefined>;
  errors: FieldError[];
  /** Student and subject: two rows with one key are both refused. */
  key: string | null;
}

type ResultLine = SheetTable<ResultField>['rows'][number];

/** Checks one row: a student in the actor's classes with a class, a subject the form takes, every cell. */
function checkRow(
  { line, cells }: ResultLine,
  people: Map<string, StudentInfo>,
  subjects: SubjectsByForm,
  scope: ClassScope,
): CheckedRow {
  const errors: FieldError[] = [];
  const studentId = text(cells.student_id) ?? '';
  const subjectText = text(cells.subject) ?? '';
  const student = checkStudent(studentId, people, scope, errors);
  if (student && student.form_level === null)
    errors.push({ field: 'student_id', message: resultMessages.noClass });
  let subject: RowSubject | undefined;
  if (!subjectText) errors.push({ field: 'subject', message: messages.required });
  else if (student?.form_level != null) {
    subject = subjects.get(student.form_level)?.get(subjectText.toLowerCase());
    if (!subject)
      errors.push({
        field: 'subject',
        message: resultMessages.unknownSubject(subjectText, student.form_level),
      });
  }
  return {
    line,
    studentId,
    subjectText,
    subject,
    student,
    course: markCell(cells.course_mark, 'course_mark', errors),
    exam: markCell(cells.exam_mark, 'exam_mark', errors),
    values: {
      absences: countCell(cells.absences, 'absences', errors),
      lateness: countCell(cells.lateness, 'lateness', errors),
      application: wordsCell(cells.application, 'application', RATING_MAX, errors),
      conduct: wordsCell(cells.conduct, 'conduct', RATING_MAX, errors),
      teacher_remark: wordsCell(cells.teacher_remark, 'teacher_remark', TEACHER_REMARK_MAX, errors),
    },
    errors,
    key: subject ? `${studentId}|${subject.id}` : null,
  };
}

/** Every row of the results sheet checked, then repeated student-and-subject rows refused. */
export async function checkResultRows(
  rows: readonly ResultLine[],
  people: Map<string, StudentInfo>,
  subjects: SubjectsByForm,
  scope: ClassScope,
): Promise<CheckedRow[]> {
  const checked: CheckedRow[] = [];
  for (const [i, row] of rows.entries()) {
    await breathe(i);
    checked.push(checkRow(row, people, subjects, scope));
  }
  markDuplicates(checked, resultMessages.duplicate, 'subject');
  return checked;
}
