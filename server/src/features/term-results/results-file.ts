import {
  RESULT_COLUMNS,
  SUMMARY_COLUMNS,
  resultMessages,
  type ResultField,
  type SummaryField,
} from '@sp/domain';
import { AppError } from '../../errors.js';
import type { Cell } from '../../shared/read-sheet.js';
import { normaliseHeader, sheetTable, type SheetTable } from '../../shared/sheet-table.js';

const byLabel = <F extends string>(columns: readonly { name: F; label: string }[]) => ({
  ...Object.fromEntries(columns.map((c) => [normaliseHeader(c.label), c.name])),
  ...Object.fromEntries(columns.map((c) => [normaliseHeader(c.name), c.name])),
});

/** Header text → field, with the short forms mark books use. */
const RESULT_HEADERS: Record<string, ResultField> = {
  ...byLabel(RESULT_COLUMNS),
  id: 'student_id',
  subjectcode: 'subject',
  course: 'course_mark',
  coursework: 'course_mark',
  exam: 'exam_mark',
  abs: 'absences',
  absent: 'absences',
  late: 'lateness',
  app: 'application',
  con: 'conduct',
  remark: 'teacher_remark',
  remarks: 'teacher_remark',
  comment: 'teacher_remark',
};

const SUMMARY_HEADERS: Record<string, SummaryField> = {
  ...byLabel(SUMMARY_COLUMNS),
  id: 'student_id',
  present: 'sessions_present',
  attendance: 'sessions_present',
  possible: 'sessions_possible',
  formteacher: 'form_teacher_remark',
  formteachersremark: 'form_teacher_remark',
  dean: 'dean_remark',
  deansremark: 'dean_remark',
};

export const REQUIRED_RESULT_FIELDS: readonly ResultField[] = [
  'student_id',
  'subject',
  'course_mark',
  'exam_mark',
];

export interface TermFile {
  results: SheetTable<ResultField> | null;
  summaries: SheetTable<SummaryField> | null;
}

const refuse = (message: string) => new AppError(400, message, [{ field: 'file', message }]);

/**
 * Sorts the sheets of a workbook (or the one table of a CSV) into results (a Subject column) and summaries
 * (no Subject column, but attendance, ratings or remarks). The first of each kind is used.
 */
export function termFile(sheets: Cell[][][]): TermFile {
  const file: TermFile = { results: null, summaries: null };
  for (const rows of sheets) {
    const asResults = sheetTable(rows, RESULT_HEADERS);
    if (asResults?.columns.has('subject') && asResults.columns.has('student_id')) {
      file.results ??= asResults;
      continue;
    }
    const asSummaries = sheetTable(rows, SUMMARY_HEADERS);
    if (asSummaries?.columns.has('student_id')) file.summaries ??= asSummaries;
  }
  if (!file.results && !file.summaries) throw refuse(resultMessages.noSheet);
  if (file.results) {
    const missing = REQUIRED_RESULT_FIELDS.filter((f) => !file.results!.columns.has(f));
    if (missing.length) {
      const labels = missing.map((f) => RESULT_COLUMNS.find((c) => c.name === f)!.label);
      throw refuse(`The results sheet needs the column${labels.length > 1 ? 's' : ''} ${labels.join(', ')}.`);
    }
  }
  return file;
}
