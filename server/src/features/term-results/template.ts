import ExcelJS from 'exceljs';
import { RESULT_COLUMNS, SUMMARY_COLUMNS, csvFile, listName } from '@sp/domain';
import type { AppContext } from '../../context.js';
import { studentsInClasses, subjectsForTerm, type OfferedSubject } from '../../shared/term-data.js';
import { findTerm } from './terms.js';

/** Not a column the import reads: it helps whoever fills the sheet find the right row. */
const NAME_LABEL = 'Student Name';

/**
 * The template of a term, filled in with what the school knows: one results row per enrolled student and
 * subject of the student's form, one summary row per student; the marks and remarks are left blank.
 */
async function templateRows(ctx: AppContext, termId: number) {
  const term = await findTerm(ctx, termId);
  const offered = await subjectsForTerm(ctx.db, termId);
  const people = await studentsInClasses(ctx.db);
  const results: string[][] = [];
  const summaries: (string | number)[][] = [];
  for (const p of people) {
    const name = listName(p.first, p.last);
    for (const s of (offered.get(p.form) ?? new Map<number, OfferedSubject>()).values())
      results.push([p.id, name, s.code]);
    summaries.push([p.id, name, '', term.sessions_possible ?? '']);
  }
  return { results, summaries };
}

const resultHeader = [RESULT_COLUMNS[0].label, NAME_LABEL, ...RESULT_COLUMNS.slice(1).map((c) => c.label)];
const summaryHeader = [SUMMARY_COLUMNS[0].label, NAME_LABEL, ...SUMMARY_COLUMNS.slice(1).map((c) => c.label)];

export async function resultsTemplateCsv(ctx: AppContext, termId: number): Promise<string> {
  return csvFile([resultHeader, ...(await templateRows(ctx, termId)).results]);
}

export async function summariesTemplateCsv(ctx: AppContext, termId: number): Promise<string> {
  return csvFile([summaryHeader, ...(await templateRows(ctx, termId)).summaries]);
}

/** Two sheets, Results and Summaries; IDs as text so leading zeros survive. */
export async function termTemplateXlsx(ctx: AppContext, termId: number): Promise<Buffer> {
  const { results, summaries } = await templateRows(ctx, termId);
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
    sheet.addRows(rows as (string | number)[][]);
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
