import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  CLASS_LABEL,
  MARK_CELL_HELP,
  RATINGS,
  RESULT_COLUMNS,
  SUMMARY_COLUMNS,
  TERM_TEMPLATE_NAME,
  csvFile,
  listName,
  markLabel,
  parseMark,
  resultMessages,
} from '@sp/domain';
import type { AppContext } from '../../context.js';
import { formClasses, termResults, termSummaries } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { enrolledOfTermYear, subjectsForTerm, type OfferedSubject } from '../../shared/term-data.js';
import { classScope } from './class-scope.js';

/** Not columns the import reads: they help whoever fills the sheet find the right row. */
const NAME_LABEL = 'Student Name';
/** The first line of a CSV template (the import looks for the header below it). */
const HELP_LINE = `Marks: ${MARK_CELL_HELP} Change only what you mean to change, then import the file.`;

type Cells = (string | number)[];
/** What a template needs of a term. */
type Term = { id: number; year: number; term: number; sessions_possible: number | null };
export interface TemplateChoice {
  /** null: the whole school. */
  classes: string[] | null;
  /** For the file's name: "1B", "1B 1C", "all classes". */
  label: string;
}

/** Which classes a template covers: the one asked for, else a staff member's own, else the school (D44). */
export async function templateChoice(
  ctx: AppContext,
  actor: Actor,
  classId: string | undefined,
): Promise<TemplateChoice> {
  if (classId) {
    const [found] = await ctx.db.select().from(formClasses).where(eq(formClasses.class_id, classId));
    if (!found) throw notFound(resultMessages.unknownClass);
    return { classes: [found.class_id], label: found.class_id };
  }
  const scope = await classScope(ctx.db, actor);
  if (!scope.restricted) return { classes: null, label: 'all classes' };
  return { classes: scope.mine, label: scope.mine.length <= 3 ? scope.mine.join(' ') : 'my classes' };
}

export const templateFileName = (term: Term, choice: TemplateChoice, ending: string) =>
  `${TERM_TEMPLATE_NAME} ${term.year} Term ${term.term} ${choice.label}${ending}`;

/**
 * The template of a term, filled in with what is stored (D40): one results row per enrolled student and
 * subject of the student's form, one summary row per student, ABS where a student was absent, so the same
 * file edited and imported again changes only what was edited.
 */
async function templateRows(ctx: AppContext, term: Term, choice: TemplateChoice) {
  const offered = await subjectsForTerm(ctx.db, term.id);
  const people = await enrolledOfTermYear(ctx.db, term.year, choice.classes ?? undefined);
  const results = await ctx.db.select().from(termResults).where(eq(termResults.term_id, term.id));
  const summaries = await ctx.db.select().from(termSummaries).where(eq(termSummaries.term_id, term.id));
  const resultOf = new Map(results.map((r) => [`${r.student_id}|${r.subject_id}`, r]));
  const summaryOf = new Map(summaries.map((s) => [s.student_id, s]));
  const resultRows: Cells[] = [];
  const summaryRows: Cells[] = [];
  const value = (v: string | number | null | undefined) => v ?? '';
  for (const p of people) {
    const name = listName(p.first, p.last);
    const classId = p.class_id ?? '';
    for (const [id, s] of offered.get(p.form) ?? new Map<number, OfferedSubject>()) {
      const r = resultOf.get(`${p.id}|${id}`);
      resultRows.push([
        p.id,
        name,
        classId,
        s.code,
        r ? markLabel(parseMark(r.course_mark), r.course_absent) : '',
        r ? markLabel(parseMark(r.exam_mark), r.exam_absent) : '',
        value(r?.absences),
        value(r?.lateness),
        value(r?.application),
        value(r?.conduct),
        value(r?.teacher_remark),
      ]);
    }
    const s = summaryOf.get(p.id);
    const ratings = (s?.ratings ?? {}) as Record<string, string | null>;
    summaryRows.push([
      p.id,
      name,
      classId,
      value(s?.sessions_present),
      value(s?.sessions_possible ?? term.sessions_possible),
      ...RATINGS.map((r) => value(ratings[r.key])),
      value(s?.form_teacher_remark),
      value(s?.dean_remark),
    ]);
  }
  return { results: resultRows, summaries: summaryRows };
}

const resultHeader = [
  RESULT_COLUMNS[0].label,
  NAME_LABEL,
  CLASS_LABEL,
  ...RESULT_COLUMNS.slice(1).map((c) => c.label),
];
const summaryHeader = [
  SUMMARY_COLUMNS[0].label,
  NAME_LABEL,
  CLASS_LABEL,
  ...SUMMARY_COLUMNS.slice(1).map((c) => c.label),
];

export async function resultsTemplateCsv(ctx: AppContext, term: Term, choice: TemplateChoice) {
  return csvFile([[HELP_LINE], resultHeader, ...(await templateRows(ctx, term, choice)).results]);
}

export async function summariesTemplateCsv(ctx: AppContext, term: Term, choice: TemplateChoice) {
  const help =
    'A blank cell keeps what is stored. Change only what you mean to change, then import the file.';
  return csvFile([[help], summaryHeader, ...(await templateRows(ctx, term, choice)).summaries]);
}

const MARK_LABELS = new Set(['Course Mark', 'Exam Mark']);

/** Two sheets, Results and Summaries; IDs as text so leading zeros survive; the mark headers carry the help. */
export async function termTemplateXlsx(ctx: AppContext, term: Term, choice: TemplateChoice) {
  const { results, summaries } = await templateRows(ctx, term, choice);
  const workbook = new ExcelJS.Workbook();
  for (const [title, header, rows] of [
    ['Results', resultHeader, results],
    ['Summaries', summaryHeader, summaries],
  ] as const) {
    const sheet = workbook.addWorksheet(title);
    sheet.columns = header.map((label, i) => ({
      header: label,
      width: Math.max(12, label.length + 4),
      style: { numFmt: i === 0 ? '@' : 'General' },
    }));
    sheet.addRows(rows);
    const top = sheet.getRow(1);
    top.font = { bold: true };
    top.eachCell((cell, col) => {
      if (MARK_LABELS.has(cell.text)) cell.note = MARK_CELL_HELP;
      else if (col > 3) cell.note = 'A blank cell keeps what is stored.';
    });
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
