import { ABSENT_MARK, academicYearLabel, formatMark } from '@sp/domain';
import {
  INK,
  MUTED,
  PLUM,
  contentWidth,
  createDocument,
  drawSchoolMark,
  signatureLine,
  toBuffer,
  type Doc,
} from './layout.js';

/** A mark on the card (D40): a number, ABS (the student missed it) or null (nobody entered it). */
export type CardMark = number | 'ABS' | null;

/** One subject's line of a report card. */
export interface ReportCardSubject {
  title: string;
  course: CardMark;
  exam: CardMark;
  total: number | null;
  grade: string | null;
  lateness: number | null;
  absences: number | null;
  application: string | null;
  conduct: string | null;
  remark: string | null;
  teacher: string | null;
}

/** Everything one report card shows, already computed (D17). */
export interface ReportCardData {
  school: { name: string; address: string; logo?: Buffer | null };
  year: number;
  term: number;
  student: { id: string; first_name: string; last_name: string; date_of_birth: string | null };
  classId: string | null;
  numberInClass: number | null;
  rank: number | null;
  /** Another student has the same average, shown as "4=". */
  tied: boolean;
  average: number | null;
  /** How many of the card's subjects have a total, so count in the average. */
  averagedSubjects: number;
  classAverage: number | null;
  sessions: { absent: number | null; late: number | null; possible: number | null };
  subjects: ReportCardSubject[];
  ratings: { name: string; value: string }[];
  formTeacherRemark: string | null;
  deanRemark: string | null;
  /** Next term's first day, written out ("Monday 5 January 2026"), or null when not set. */
  reopens: string | null;
  gradeKey: { grade: string; range: string }[];
  printedAt: string;
}

const LINE = '#8c8c8c';
const BAND = '#f3ecf1';

/** A computed figure: blank when there is none. */
const mark = (n: number | null): string => (n === null ? '' : formatMark(n));
/** D41: "Abs" only for a mark written ABS; a mark nobody entered is an en dash, never "Abs". */
export const NOT_ENTERED = '–';
export const cardMarkText = (m: CardMark): string =>
  m === 'ABS' ? ABSENT_MARK : m === null ? NOT_ENTERED : formatMark(m);

/** D41: the average's label says how many subjects it covers whenever one is left out. */
export const averageLabel = (data: Pick<ReportCardData, 'averagedSubjects' | 'subjects' | 'average'>) =>
  data.average !== null && data.averagedSubjects < data.subjects.length
    ? `AVERAGE OF ${data.averagedSubjects} SUBJECT${data.averagedSubjects === 1 ? '' : 'S'}`
    : 'AVERAGE';
const count = (n: number | null): string => (n === null ? '' : String(n));
const outOf = (n: number | null, possible: number | null): string =>
  n === null ? '—' : possible === null ? String(n) : `${n} of ${possible}`;

function header(doc: Doc, data: ReportCardData): void {
  const left = doc.page.margins.left;
  const top = doc.page.margins.top;
  const width = contentWidth(doc);
  drawSchoolMark(doc, left, top, 52, data.school);
  const textX = left + 64;
  const textW = width - 128;
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(PLUM)
    .text(data.school.name, textX, top + 2, { width: textW, align: 'center' });
  if (data.school.address) {
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(data.school.address, textX, doc.y + 1, { width: textW, align: 'center' });
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(12.5)
    .fillColor(INK)
    .text(`END OF TERM REPORT - ${data.year} / ${data.year + 1}`, textX, doc.y + 6, {
      width: textW,
      align: 'center',
      characterSpacing: 0.6,
    });
  const y = Math.max(doc.y, top + 60) + 6;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(1.5)
    .strokeColor(PLUM)
    .stroke();
  doc.y = y + 8;
}

/** The information grid: label small above, value bold below, in ruled cells. */
function infoGrid(doc: Doc, data: ReportCardData): void {
  const { sessions } = data;
  const rows: GridCell[][] = [
    [
      ['STUDENT', `${data.student.last_name}, ${data.student.first_name}`, 2],
      ['STUDENT ID', data.student.id, 1],
      ['CLASS', data.classId ?? '', 1],
    ],
    [
      ['TERM', `Term ${data.term}, ${academicYearLabel(data.year)}`, 1],
      ['DATE OF BIRTH', data.student.date_of_birth ?? '', 1],
      ['NUMBER IN CLASS', count(data.numberInClass), 1],
      ['POSITION IN CLASS', data.rank === null ? '' : `${data.rank}${data.tied ? '=' : ''}`, 1],
    ],
    [
      [averageLabel(data), mark(data.average), 1],
      ['CLASS AVERAGE', mark(data.classAverage), 1],
      ['SESSIONS ABSENT', outOf(sessions.absent, sessions.possible), 1],
      ['SESSIONS LATE', outOf(sessions.late, sessions.possible), 1],
    ],
  ];
  grid(doc, rows);
}

type GridCell = [label: string, value: string, span: number];
const GRID_ROW = 25;

/** Ruled cells, label small above and value bold below; each row's spans share the full width. */
function grid(doc: Doc, rows: GridCell[][]): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  let y = doc.y;
  doc
    .lineWidth(0.6)
    .strokeColor(LINE)
    .rect(left, y, width, GRID_ROW * rows.length)
    .stroke();
  rows.forEach((row, r) => {
    const spans = row.reduce((n, c) => n + c[2], 0);
    let x = left;
    if (r > 0)
      doc
        .moveTo(left, y)
        .lineTo(left + width, y)
        .stroke();
    row.forEach(([label, value, span], i) => {
      const w = (width * span) / spans;
      if (i > 0)
        doc
          .moveTo(x, y)
          .lineTo(x, y + GRID_ROW)
          .stroke();
      doc
        .font('Helvetica')
        .fontSize(6.3)
        .fillColor(MUTED)
        .text(label, x + 5, y + 4, { width: w - 10, lineBreak: false, characterSpacing: 0.3 });
      doc
        .font('Helvetica-Bold')
        .fontSize(9.5)
        .fillColor(INK)
        .text(value, x + 5, y + 12.5, { width: w - 10, lineBreak: false, ellipsis: true });
      x += w;
    });
    y += GRID_ROW;
  });
  doc.y = y + 10;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'center';
  value: (s: ReportCardSubject) => string;
  /** The remark column: wraps, in the table's small size. */
  wraps?: boolean;
  /** Muted text run on after the value (the teacher after the remark). */
  after?: (s: ReportCardSubject) => string;
}

function columns(width: number): Column[] {
  const fixed: Column[] = [
    { title: 'SUBJECT', width: 88, align: 'left', value: (s) => s.title, wraps: true },
    { title: 'COURSE', width: 36, align: 'center', value: (s) => cardMarkText(s.course) },
    { title: 'EXAM', width: 30, align: 'center', value: (s) => cardMarkText(s.exam) },
    { title: 'TOTAL', width: 30, align: 'center', value: (s) => mark(s.total) },
    { title: 'GRADE', width: 34, align: 'center', value: (s) => s.grade ?? '' },
    { title: 'LATE', width: 25, align: 'center', value: (s) => count(s.lateness) },
    { title: 'ABS', width: 25, align: 'center', value: (s) => count(s.absences) },
    { title: 'APP', width: 25, align: 'center', value: (s) => s.application ?? '' },
    { title: 'CON', width: 25, align: 'center', value: (s) => s.conduct ?? '' },
  ];
  const used = fixed.reduce((n, c) => n + c.width, 0);
  return [
    ...fixed,
    {
      title: 'REMARK / TEACHER',
      width: width - used,
      align: 'left',
      value: (s) => s.remark ?? '',
      after: (s) => (s.teacher ? `${s.remark ? ' — ' : ''}${s.teacher}` : ''),
      wraps: true,
    },
  ];
}

const PAD = 3;

function rowHeights(doc: Doc, cols: Column[], subjects: ReportCardSubject[], size: number): number[] {
  doc.font('Helvetica').fontSize(size);
  return subjects.map((s) =>
    Math.max(
      size + 2 * PAD + 4,
      ...cols
        .filter((c) => c.wraps)
        .map(
          (c) =>
            doc.heightOfString(c.value(s) + (c.after?.(s) ?? '') || ' ', { width: c.width - 2 * PAD }) +
            2 * PAD,
        ),
    ),
  );
}

/** The subject table; `size` is chosen by the caller so the card fits one page. */
function subjectTable(doc: Doc, data: ReportCardData, size: number): void {
  const left = doc.page.margins.left;
  const cols = columns(contentWidth(doc));
  const width = contentWidth(doc);
  const heights = rowHeights(doc, cols, data.subjects, size);
  let y = doc.y;
  const headH = 15;
  doc.rect(left, y, width, headH).fill(PLUM);
  let x = left;
  for (const c of cols) {
    doc
      .font('Helvetica-Bold')
      .fontSize(6.8)
      .fillColor('#ffffff')
      .text(c.title, x + PAD, y + 4.5, { width: c.width - 2 * PAD, align: c.align, lineBreak: false });
    x += c.width;
  }
  y += headH;
  const tableTop = y;
  data.subjects.forEach((s, i) => {
    const h = heights[i]!;
    if (i % 2 === 1) doc.rect(left, y, width, h).fill(BAND);
    let cx = left;
    for (const c of cols) {
      const value = c.value(s);
      const after = c.after?.(s) ?? '';
      const bold = c.title === 'TOTAL' || c.title === 'GRADE';
      const options = { width: c.width - 2 * PAD, align: c.align, lineBreak: Boolean(c.wraps) };
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(c.wraps ? size : size + 0.5)
        .fillColor(INK);
      const at = [cx + PAD, y + PAD + (c.wraps ? 0 : 0.5)] as const;
      if (value && after) {
        doc.text(value, ...at, { ...options, continued: true });
        doc.fillColor(MUTED).text(after);
      } else if (after) {
        doc.fillColor(MUTED).text(after, ...at, options);
      } else {
        doc.text(value, ...at, options);
      }
      cx += c.width;
    }
    y += h;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.4)
      .strokeColor(LINE)
      .stroke();
  });
  if (data.subjects.length === 0) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text('No results have been entered for this term.', left + PAD, y + 5);
    y += 20;
  }
  // Column rules and the frame.
  x = left;
  doc.lineWidth(0.4).strokeColor(LINE);
  for (const c of cols.slice(0, -1)) {
    x += c.width;
    doc.moveTo(x, tableTop).lineTo(x, y).stroke();
  }
  doc
    .lineWidth(0.6)
    .rect(left, tableTop - headH, width, y - tableTop + headH)
    .stroke();
  doc.fillColor(INK);
  doc.y = y + 10;
}

function band(doc: Doc, title: string): void {
  const left = doc.page.margins.left;
  const y = doc.y;
  doc.rect(left, y, contentWidth(doc), 14).fill(PLUM);
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor('#ffffff')
    .text(title, left + 6, y + 3.5, { characterSpacing: 0.5, lineBreak: false });
  doc.fillColor(INK);
  doc.y = y + 18;
}

const RATINGS_PER_ROW = 5;

function ratings(doc: Doc, data: ReportCardData): void {
  if (data.ratings.length === 0) return;
  band(doc, 'RATINGS');
  const rows: GridCell[][] = [];
  for (let i = 0; i < data.ratings.length; i += RATINGS_PER_ROW)
    rows.push(data.ratings.slice(i, i + RATINGS_PER_ROW).map((r) => [r.name.toUpperCase(), r.value, 1]));
  // A short last row keeps the cells' width.
  const last = rows[rows.length - 1]!;
  if (rows.length > 1) while (last.length < RATINGS_PER_ROW) last.push(['', '', 1]);
  grid(doc, rows);
}

const REMARK_SIZE = 8.5;

function remark(doc: Doc, title: string, text: string | null, signer: string): void {
  band(doc, title);
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  doc
    .font(text ? 'Helvetica' : 'Helvetica-Oblique')
    .fontSize(REMARK_SIZE)
    .fillColor(text ? INK : MUTED)
    .text(text || 'No remark.', left + 4, doc.y, { width: width - 8, lineGap: 1 });
  const y = doc.y + 14;
  const lineW = 150;
  signatureLine(doc, left + width - lineW, y, lineW, signer, 'center');
  doc.y = y + 14;
}

function remarkHeight(doc: Doc, text: string | null): number {
  doc.font('Helvetica').fontSize(REMARK_SIZE);
  return 18 + doc.heightOfString(text || 'No remark.', { width: contentWidth(doc) - 8, lineGap: 1 }) + 28;
}

function closing(doc: Doc, data: ReportCardData): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(PLUM)
    .text(`School re-opens on ${data.reopens ?? '—'}`, left, doc.y + 2, { width, lineBreak: false });
  doc.y += 8;

  // The grade key, one line.
  const y = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(7.5)
    .fillColor(INK)
    .text('GRADE KEY', left, y, { lineBreak: false, characterSpacing: 0.4 });
  const keyX = left + 56;
  const each = (width - 56) / Math.max(1, data.gradeKey.length);
  data.gradeKey.forEach((g, i) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(7.5)
      .text(g.grade, keyX + i * each, y, { lineBreak: false, continued: false });
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(g.range, keyX + i * each + 10, y, { lineBreak: false });
    doc.fillColor(INK);
  });
  doc.y = y + 12;
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor(MUTED)
    .text(
      'COURSE: course work · EXAM: end of term examination · Abs: absent · –: not entered · TOTAL: weighted total · LATE / ABS: times late / absent in the subject · APP: application · CON: conduct',
      left,
      doc.y,
      { width },
    );
  doc.y += 4;

  // Principal and stamp.
  const signY = doc.y + 42;
  signatureLine(doc, left, signY, 170, 'Principal', 'center');
  const stampW = 110;
  const stampX = left + width - stampW;
  doc
    .lineWidth(0.6)
    .dash(3, { space: 2 })
    .strokeColor(LINE)
    .rect(stampX, signY - 36, stampW, 48)
    .stroke()
    .undash();
  doc.text('School stamp', stampX, signY - 16, { width: stampW, align: 'center', lineBreak: false });
  doc.y = signY + 22;
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor(INK)
    .text("This report is not valid without the school's stamp and signature.", left, doc.y, {
      width,
      align: 'center',
    });
}

/** Height the card needs below the subject table. */
function tailHeight(doc: Doc, data: ReportCardData): number {
  const ratingRows = Math.ceil(data.ratings.length / RATINGS_PER_ROW);
  return (
    (ratingRows ? 18 + ratingRows * GRID_ROW + 10 : 0) +
    remarkHeight(doc, data.formTeacherRemark) +
    remarkHeight(doc, data.deanRemark) +
    14 + // re-opens
    12 + // grade key
    22 + // column key
    42 + // signature and stamp
    22 +
    20 // the validity line
  );
}

const TABLE_SIZES = [7.5, 7, 6.5, 6, 5.5, 5, 4.5];

/** Draws one card on the current page; the subject table's type shrinks so the card keeps to one page. */
export function drawReportCard(doc: Doc, data: ReportCardData): void {
  header(doc, data);
  infoGrid(doc, data);
  const room = doc.page.height - doc.page.margins.bottom - doc.y - 15 - 10 - tailHeight(doc, data);
  const cols = columns(contentWidth(doc));
  const size =
    TABLE_SIZES.find((s) => rowHeights(doc, cols, data.subjects, s).reduce((a, b) => a + b, 0) <= room) ??
    TABLE_SIZES[TABLE_SIZES.length - 1]!;
  subjectTable(doc, data, size);
  ratings(doc, data);
  remark(doc, "FORM TEACHER'S REMARKS", data.formTeacherRemark, "Form Teacher's signature");
  remark(doc, "DEAN'S REMARKS", data.deanRemark, "Dean's signature");
  closing(doc, data);
  footer(doc, data);
}

function footer(doc: Doc, data: ReportCardData): void {
  const margin = doc.page.margins.bottom;
  // Writing inside the bottom margin would start a new page; the footer belongs there.
  doc.page.margins.bottom = 0;
  const y = doc.page.height - margin - 8;
  doc
    .font('Helvetica')
    .fontSize(6.5)
    .fillColor(MUTED)
    .text(
      `${data.school.name} · Report card of ${data.student.id} · Term ${data.term} ${academicYearLabel(data.year)} · printed ${data.printedAt}`,
      doc.page.margins.left,
      y,
      { width: contentWidth(doc), lineBreak: false },
    );
  doc.page.margins.bottom = margin;
}

const title = (d: ReportCardData) =>
  `End of Term Report ${d.student.id} Term ${d.term} ${academicYearLabel(d.year)}`;

/** One student's report card: one Legal page. */
export function buildReportCard(data: ReportCardData): Promise<Buffer> {
  const doc = createDocument(title(data), 'LEGAL', { bufferPages: false });
  drawReportCard(doc, data);
  return toBuffer(doc);
}

/** A class's cards in one PDF, one page each, in the order given. */
export async function buildClassReportCards(
  cards: ReportCardData[],
  name: string,
  onCard?: (done: number) => Promise<void> | void,
): Promise<Buffer> {
  const doc = createDocument(name, 'LEGAL', { bufferPages: false });
  for (const [i, card] of cards.entries()) {
    if (i > 0) doc.addPage();
    drawReportCard(doc, card);
    await onCard?.(i + 1);
  }
  return toBuffer(doc);
}
