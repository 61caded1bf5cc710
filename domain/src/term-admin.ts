import { z } from 'zod';
import { studentIdSchema } from './auth-schemas.js';
import { plainText } from './plain-text.js';
import { DEFAULT_TIME_ZONE } from './constants.js';
import { messages } from './messages.js';
import { isRealDate, timestampInZone } from './rules.js';
import { idParam, idParamsSchema, wholeNumberParam } from './query-params.js';
import {
  ABSENT_INPUT,
  ABSENT_WORDS,
  MARK_MAX,
  MARK_MIN,
  isAbsentWord,
  isValidMark,
  listLines,
  parseMark,
} from './term-results.js';
import { fieldErrorSchema, filePreviewSchema } from './file-preview.js';

/** Terms, subjects, results and posting (D17, D24): the shapes the staff area and the server share. */

const optionalDay = z
  .union([z.string().trim(), z.null()])
  .optional()
  .transform((v) => v || null)
  .refine((v) => v === null || /^\d{4}-\d{2}-\d{2}$/.test(v), {
    message: 'Use a date as yyyy-MM-dd.',
    abort: true,
  })
  .refine((v) => v === null || isRealDate(v), messages.dateNotReal);

export const termYearSchema = z.coerce
  .number({ error: 'Give the year the academic year starts in.' })
  .int('Give the year the academic year starts in.')
  .min(2000, 'Give a year from 2000.')
  .max(2100, 'Give a year up to 2100.');
export const termNumberSchema = z.coerce
  .number({ error: 'A term is 1, 2 or 3.' })
  .int('A term is 1, 2 or 3.')
  .min(1, 'A term is 1, 2 or 3.')
  .max(3, 'A term is 1, 2 or 3.');

export const termInputSchema = z
  .strictObject({
    year: termYearSchema,
    term: termNumberSchema,
    start_date: optionalDay,
    end_date: optionalDay,
    next_term_start: optionalDay,
    sessions_possible: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.union([
        z.null(),
        z.coerce.number().int('Use a whole number.').min(0, 'At least 0.').max(500, 'At most 500.'),
      ]),
    ),
  })
  .superRefine((t, ctx) => {
    if (t.start_date && t.end_date && t.end_date < t.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The term ends after it starts.' });
    if (t.end_date && t.next_term_start && t.next_term_start <= t.end_date)
      ctx.addIssue({
        code: 'custom',
        path: ['next_term_start'],
        message: 'The next term starts after this one ends.',
      });
  });
export type TermInput = z.input<typeof termInputSchema>;

export const termSchema = z.object({
  id: z.number(),
  year: z.number(),
  term: z.number(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  next_term_start: z.string().nullable(),
  sessions_possible: z.number().nullable(),
  posted: z.number(),
  date_posted: z.string().nullable(),
  /** ISO instant of a scheduled release, or null. */
  release_at: z.string().nullable(),
  /** Students with at least one result this term. */
  students_with_results: z.number(),
});
export type Term = z.infer<typeof termSchema>;
export const termListSchema = z.array(termSchema);

export const termIdParamsSchema = idParamsSchema('Unknown term.');

// ---------------------------------------------------------------- subjects
export const weightSchema = z.coerce
  .number({ error: 'A weight is a whole percentage.' })
  .int('A weight is a whole percentage.')
  .min(0, 'At least 0.')
  .max(100, 'At most 100.');
/** A subject's course weight as typed on its row; the exam weight is what is left of 100. */
export const courseWeightFormSchema = z.object({ course_weight: weightSchema });

export const subjectInputSchema = z.strictObject({
  code: plainText()
    .trim()
    .min(1, 'Give the subject a short code.')
    .max(20, 'At most 20 characters.')
    .regex(/^[A-Za-z0-9 &.-]+$/, 'Letters, digits, spaces, &, . and - only.'),
  title: plainText().trim().min(1, 'Give the subject a name.').max(100, 'At most 100 characters.'),
});

export const formSubjectInputSchema = z
  .strictObject({
    subject_id: idParam('Choose a subject.'),
    form_level: z.coerce.number().int().min(1, 'A form level is 1 to 6.').max(6, 'A form level is 1 to 6.'),
    /** null: the weights for every term; a term's id: for that term only. */
    term_id: z
      .union([idParam('Choose a term.'), z.null()])
      .optional()
      .transform((v) => v ?? null),
    course_weight: weightSchema.default(30),
    exam_weight: weightSchema.default(70),
  })
  .refine((f) => f.course_weight + f.exam_weight === 100, {
    path: ['exam_weight'],
    message: 'Course and exam weights add up to 100.',
  });

export const formSubjectRemoveSchema = z.strictObject({ id: idParam('That subject is not offered.') });

export const subjectListSchema = z.object({
  subjects: z.array(z.object({ id: z.number(), code: z.string(), title: z.string() })),
  form_subjects: z.array(
    z.object({
      id: z.number(),
      subject_id: z.number(),
      form_level: z.number(),
      term_id: z.number().nullable(),
      course_weight: z.number(),
      exam_weight: z.number(),
    }),
  ),
});
export type SubjectList = z.infer<typeof subjectListSchema>;

// ---------------------------------------------------------------- results file
/** One row per student and subject. */
export const RESULT_COLUMNS = [
  { name: 'student_id', label: 'Student ID' },
  { name: 'subject', label: 'Subject' },
  { name: 'course_mark', label: 'Course Mark' },
  { name: 'exam_mark', label: 'Exam Mark' },
  { name: 'absences', label: 'Absences' },
  { name: 'lateness', label: 'Lateness' },
  { name: 'application', label: 'Application' },
  { name: 'conduct', label: 'Conduct' },
  { name: 'teacher_remark', label: 'Teacher Remark' },
] as const;
export type ResultField = (typeof RESULT_COLUMNS)[number]['name'];

/** The ratings on each report card, in print order. */
export const RATINGS = [
  { key: 'punctuality', label: 'Punctuality' },
  { key: 'deportment', label: 'Deportment' },
  { key: 'courtesy', label: 'Courtesy' },
  { key: 'initiative', label: 'Initiative' },
  { key: 'cooperation', label: 'Co-operation' },
] as const;
export type RatingKey = (typeof RATINGS)[number]['key'];

/** One row per student: attendance, ratings, remarks. */
export const SUMMARY_COLUMNS = [
  { name: 'student_id', label: 'Student ID' },
  { name: 'sessions_present', label: 'Sessions Present' },
  { name: 'sessions_possible', label: 'Sessions Possible' },
  ...RATINGS.map((r) => ({ name: r.key, label: r.label })),
  { name: 'form_teacher_remark', label: 'Form Teacher Remark' },
  { name: 'dean_remark', label: 'Dean Remark' },
] as const;
export type SummaryField = (typeof SUMMARY_COLUMNS)[number]['name'];

export const TERM_TEMPLATE_NAME = 'Term Results';
/** The help the templates carry (a note on XLSX headers, the web page's text) about what a mark cell takes. */
export const MARK_CELL_HELP = `A mark from ${MARK_MIN} to ${MARK_MAX} (one decimal), ${ABSENT_WORDS.join(' or ')} (any case) when the student was absent; a blank cell keeps what is stored.`;
/** The template's Class column: for whoever fills the sheet, the import takes the student's class. */
export const CLASS_LABEL = 'Class';
export const RATING_MAX = 20;
export const TEACHER_REMARK_MAX = 255;
export const SUMMARY_REMARK_MAX = 500;

export const resultMessages = {
  unknownStudent: 'No student has this ID.',
  unknownSubject: (subject: string, form: number | null) =>
    form === null
      ? `No subject "${subject}".`
      : `Form ${form} does not take "${subject}" (see Terms & Subjects).`,
  noClass: 'The student has no class.',
  mark: `A mark is a number from ${MARK_MIN} to ${MARK_MAX} with at most one decimal, or ${ABSENT_INPUT} when the student was absent.`,
  count: 'A whole number from 0 to 500.',
  duplicate: (lines: number[]) => `The same student and subject are on ${listLines(lines)}.`,
  duplicateStudent: (lines: number[]) => `The same student is on ${listLines(lines)}.`,
  notYourClass: (classId: string | null) =>
    `Not your class: the student is in ${classId ?? 'no class'}, and you enter marks for your own classes only.`,
  gridNotYourClass: (mine: readonly string[]) =>
    `You correct marks for your own classes only (${mine.join(', ')}).`,
  tooManyRows: (max: number) =>
    `A results file holds at most ${max.toLocaleString('en-US')} rows; split it by class.`,
  blankMark: `Type a mark or ${ABSENT_INPUT}, or choose Clear to remove the stored mark.`,
  unknownClass: 'Unknown class.',
  noSheet:
    'The file has no sheet with a Student ID and Subject column (results) or a Student ID and Sessions Present column (summaries).',
  imported: (c: { results: number; summaries: number; errors: number }) =>
    `${c.results} result${c.results === 1 ? '' : 's'} and ${c.summaries} summar${c.summaries === 1 ? 'y' : 'ies'} saved` +
    (c.errors ? `; ${c.errors} row${c.errors === 1 ? '' : 's'} with errors left out.` : '.'),
  unknownTerm: 'Unknown term.',
  termExists: 'That term exists already.',
} as const;

/** `blank`: nothing entered on the row and nothing stored, so nothing is written (D40). */
export const RESULT_ROW_STATUSES = ['new', 'changed', 'unchanged', 'blank', 'error'] as const;

/** One changed field of a row: what is stored and what the file writes ("" when nothing is stored). */
export const resultChangeSchema = z.object({ field: z.string(), from: z.string(), to: z.string() });
export type ResultChange = z.infer<typeof resultChangeSchema>;

export const resultPreviewRowSchema = z.object({
  sheet: z.enum(['results', 'summaries']),
  line: z.number(),
  student_id: z.string(),
  name: z.string(),
  subject: z.string(),
  status: z.enum(RESULT_ROW_STATUSES),
  /** What the row shows: course, exam ("Abs" when missing), total and grade; or attendance for a summary. */
  shown: z.string(),
  /** The student's class now (the import's class, whatever the file's Class column says). */
  class_id: z.string().nullable(),
  /** Old → new per changed field, for a changed row. */
  changes: z.array(resultChangeSchema),
  errors: z.array(fieldErrorSchema),
});
export type ResultPreviewRow = z.infer<typeof resultPreviewRowSchema>;

export const resultCountsSchema = z.object({
  new: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  blank: z.number(),
  errors: z.number(),
});
export type ResultCounts = z.infer<typeof resultCountsSchema>;

/** Rows come errors first, then changed, new, unchanged and blank rows (D47). */
export const resultPreviewSchema = filePreviewSchema(resultCountsSchema, resultPreviewRowSchema).extend({
  total_rows: z.number(),
});
/** D47: rows per preview answer; a row's errors are capped too. */
export const RESULT_PREVIEW_PAGE_SIZE = 200;
export const ROW_ERRORS_MAX = 10;
export const resultPreviewQuerySchema = z.strictObject({
  page: wholeNumberParam('Use a page number from 1 to 10000.', 1, 10_000).default(1),
});
export type ResultPreview = z.infer<typeof resultPreviewSchema>;

export const resultImportSchema = z.object({
  message: z.string(),
  counts: z.object({ results: z.number(), summaries: z.number(), errors: z.number() }),
});
export type ResultImport = z.infer<typeof resultImportSchema>;

// ---------------------------------------------------------------- the marks grid
/**
 * A grid correction of one mark: a number, ABS (absent), null to clear the stored mark (an explicit
 * action, D40), or left out to keep what is stored.
 */
export const markSchema = z
  .union([z.number(), z.literal(ABSENT_INPUT), z.null()], { error: resultMessages.mark })
  .refine((v) => v === null || v === ABSENT_INPUT || isValidMark(v), resultMessages.mark)
  .optional();
export type MarkValue = z.infer<typeof markSchema>;

/**
 * One mark as typed in the grid's dialog (D40): a number or ABS (any case); `cleared` (the Clear button)
 * removes the stored mark; a blank field keeps what is stored, so a blank over a stored mark asks for Clear
 * instead of removing it silently. `stored` is the mark as the dialog opened ("" when none).
 */
export const typedMarkSchema = (stored: string) =>
  z.object({ text: z.string(), cleared: z.boolean() }).transform((typed, ctx): MarkValue => {
    const text = typed.text.trim();
    if (typed.cleared) return null;
    if (isAbsentWord(text)) return ABSENT_INPUT;
    const value = parseMark(text);
    if (text !== '' && value !== null && isValidMark(value)) return value;
    if (text === '' && !stored) return undefined;
    const message = text === '' ? resultMessages.blankMark : resultMessages.mark;
    ctx.addIssue({ code: 'custom', message, path: ['text'] });
    return z.NEVER;
  });
/** The grid's mark dialog: the course and exam marks, each checked against what was stored. */
export const markFormSchema = (stored: { course: string; exam: string }) =>
  z.object({ course: typedMarkSchema(stored.course), exam: typedMarkSchema(stored.exam) });

export const markInputSchema = z.strictObject({
  student_id: studentIdSchema,
  subject_id: idParam('Choose a subject.'),
  course_mark: markSchema,
  exam_mark: markSchema,
});
export type MarkInput = z.infer<typeof markInputSchema>;

export const classQuerySchema = z.strictObject({
  class_id: z.string().trim().min(1, 'Choose a class.').max(10, 'At most 10 characters.'),
});
/** A template for one class, or (no class) the whole school; a staff member with classes gets theirs. */
export const templateQuerySchema = z.strictObject({
  class_id: z.string().trim().max(10, 'At most 10 characters.').optional(),
});

/** The classes marks are entered for, the acting staff member's own first (D44). */
export const resultClassesSchema = z.object({
  classes: z.array(z.object({ class_id: z.string(), form_level: z.number(), mine: z.boolean() })),
  /** True when the staff member may import and correct marks for their own classes only. */
  restricted: z.boolean(),
});
export type ResultClasses = z.infer<typeof resultClassesSchema>;

export const gridResultSchema = z.object({
  subject_id: z.number(),
  course_mark: z.number().nullable(),
  exam_mark: z.number().nullable(),
  course_absent: z.boolean(),
  exam_absent: z.boolean(),
  total: z.number().nullable(),
  grade: z.string().nullable(),
});
export const classGridSchema = z.object({
  subjects: z.array(z.object({ id: z.number(), code: z.string(), title: z.string() })),
  students: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      results: z.array(gridResultSchema),
    }),
  ),
});
export type ClassGrid = z.infer<typeof classGridSchema>;
export const markResultSchema = gridResultSchema.extend({ student_id: z.string() });

// ---------------------------------------------------------------- posting (spec section 7)
/** The spec's list row: year, term, posted, date_posted; plus the term's id and a scheduled release. */
export const postedTermSchema = z.object({
  id: z.number(),
  year: z.number(),
  term: z.number(),
  posted: z.number(),
  date_posted: z.string().nullable(),
  release_at: z.string().nullable(),
});
export type PostedTerm = z.infer<typeof postedTermSchema>;
export const postedTermListSchema = z.array(postedTermSchema);

/** The spec's body: the term with year, term and posted (1 posts, 0 removes); date_posted is set by the server. */
export const postTermReportsSchema = z.looseObject({
  year: termYearSchema,
  term: termNumberSchema,
  posted: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
    error: 'posted is 1 (post) or 0 (remove).',
  }),
});

export const scheduleReleaseSchema = z.strictObject({
  /** An ISO instant, or null to cancel the scheduled release. */
  release_at: z.union([z.iso.datetime({ offset: true, error: 'Give a date and time.' }), z.null()]),
});

export const missingResultsSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    class_id: z.string().nullable(),
    /** Subjects of the student's form with no result, or every one when the student has none. */
    missing: z.array(z.string()),
    no_summary: z.boolean(),
  }),
);
export type MissingResults = z.infer<typeof missingResultsSchema>;

export const postMessages = {
  posted: (year: number, term: number) => `${year} Term ${term} reports posted`,
  removed: (year: number, term: number) => `${year} Term ${term} reports removed`,
  unknownTerm: (year: number, term: number) => `There is no ${year} Term ${term}.`,
  releaseInPast: 'Choose a time in the future.',
} as const;

/**
 * A wall-clock time at the school ("2026-12-01T08:00", as a datetime field gives it) as an instant, so a
 * release typed on a laptop set to another zone still happens at 08:00 school time.
 */
export function instantFromSchoolTime(local: string, timeZone: string = DEFAULT_TIME_ZONE): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  let instant = wall;
  // Two rounds settle a zone's offset, also next to a daylight-saving change.
  for (let i = 0; i < 2; i++) {
    const shown = timestampInZone(new Date(instant), timeZone).replace(' ', 'T');
    instant += wall - Date.parse(`${shown}Z`);
  }
  return new Date(instant);
}

/** An instant as the school's wall-clock time without seconds: "2026-12-01 08:00". */
export const schoolTimeOf = (iso: string, timeZone: string = DEFAULT_TIME_ZONE): string =>
  timestampInZone(new Date(iso), timeZone).slice(0, 16);
