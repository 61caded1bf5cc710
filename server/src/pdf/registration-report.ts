import {
  DOCUMENT_TYPES,
  REGISTRATION_STEPS,
  isDocumentDone,
  type DocumentState,
  type DocumentType,
  type RegistrationStep,
} from '@sp/domain';
import {
  INK,
  MUTED,
  PLUM,
  contentWidth,
  createDocument,
  drawSchoolMark,
  numberPages,
  sectionHeading,
  toBuffer,
  type Doc,
} from './layout.js';

export interface ReportStudent {
  id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  class_id: string | null;
  form_level: number | null;
  /** When each step was completed, null while it is not. */
  steps: Record<RegistrationStep, Date | null>;
  documents: Record<DocumentType, DocumentState>;
  termsAgreed: boolean;
  termsAgreedAt: Date | null;
}

export interface RegistrationReportData {
  school: { name: string; logo?: Buffer | null };
  /** What the report covers: "Whole school", "Form 1", "Class 1A". */
  scope: string;
  students: ReportStudent[];
  timeZone: string;
  printedAt: string;
}

const STEP_LABELS: Record<RegistrationStep, string> = {
  studentData: 'Student',
  familyData: 'Family',
  healthData: 'Health',
  otherData: 'Other Data',
  documents: 'Documents',
  submit: 'Complete',
};
const DOCUMENT_SHORT: Record<DocumentType, string> = {
  birth_certificate: 'Birth Cert.',
  immunization_card: 'Immunization',
  sea_slip: 'SEA Slip',
  picture: 'Photo',
};
const DOCUMENT_WORDS: Record<DocumentState, { text: string; color: string }> = {
  verified: { text: 'Verified', color: '#1b5e20' },
  received: { text: 'Received', color: INK },
  uploaded: { text: 'Uploaded', color: INK },
  rejected: { text: 'Rejected', color: '#b3261e' },
  missing: { text: 'Missing', color: '#b3261e' },
};
const NOT_DONE = '–';

// Column widths on landscape Legal (928 points between the margins).
const ID_W = 58;
const NAME_W = 194;
const STEP_W = 60;
const DOC_W = 58;
const TERMS_W = 84;
const ROW_H = 12;
const FONT = 7.5;
const PAD = 3;

/** Counts of one group of students: a class, or everyone in the report. */
export interface GroupTotals {
  students: number;
  steps: Record<RegistrationStep, number>;
  /** Documents done (D42: uploaded and not rejected, or received or verified) and, of those, verified. */
  held: Record<DocumentType, number>;
  verified: Record<DocumentType, number>;
  terms: number;
}

export function groupTotals(group: readonly ReportStudent[]): GroupTotals {
  const count = (pick: (s: ReportStudent) => boolean) => group.reduce((n, s) => n + (pick(s) ? 1 : 0), 0);
  const per = <K extends string>(keys: readonly K[], pick: (s: ReportStudent, k: K) => boolean) =>
    Object.fromEntries(keys.map((k) => [k, count((s) => pick(s, k))])) as Record<K, number>;
  return {
    students: group.length,
    steps: per(REGISTRATION_STEPS, (s, k) => s.steps[k] !== null),
    held: per(DOCUMENT_TYPES, (s, k) => isDocumentDone(s.documents[k])),
    verified: per(DOCUMENT_TYPES, (s, k) => s.documents[k] === 'verified'),
    terms: count((s) => s.termsAgreed),
  };
}

/** "28 · 88%": how many, and their share of the group (0% of nobody). */
export const countAndShare = (n: number, of: number): string =>
  `${n} · ${of === 0 ? 0 : Math.round((100 * n) / of)}%`;

interface Column {
  width: number;
  align?: 'left' | 'center';
}
const COLUMNS: Column[] = [
  { width: ID_W },
  { width: NAME_W },
  ...REGISTRATION_STEPS.map((): Column => ({ width: STEP_W, align: 'center' })),
  ...DOCUMENT_TYPES.map((): Column => ({ width: DOC_W, align: 'center' })),
  { width: TERMS_W, align: 'center' },
];

interface Cell {
  text: string;
  color?: string;
  bold?: boolean;
}

class ReportWriter {
  private readonly left: number;
  private readonly bottom: number;
  private shaded = false;
  /** Repeated at the top of a page when a class runs over. */
  private continued: { title: string; header: () => void } | null = null;
  private readonly day: Intl.DateTimeFormat;
  private readonly minute: Intl.DateTimeFormat;

  constructor(
    readonly doc: Doc,
    timeZone: string,
  ) {
    this.left = doc.page.margins.left;
    this.bottom = doc.page.height - doc.page.margins.bottom - 14;
    // One formatter each: made once, they cost microseconds per date instead of a formatter per cell.
    this.day = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short' });
    this.minute = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' });
  }

  private readonly widths = new Map<string, number>();
  /** The width of a string in the report's font, remembered: the same dates and words recur on every row. */
  private width(text: string, bold = false): number {
    const key = `${bold ? 'B' : ''}${text}`;
    let w = this.widths.get(key);
    if (w === undefined) {
      w = this.doc.widthOfString(text);
      this.widths.set(key, w);
    }
    return w;
  }

  date = (d: Date | null): string => (d ? this.day.format(d) : NOT_DONE);
  stamp = (d: Date | null): string => (d ? this.minute.format(d) : NOT_DONE);

  /** Starts a new page when `height` does not fit, repeating the current class's title and column header. */
  private room(height: number): void {
    if (this.doc.y + height <= this.bottom) return;
    this.doc.addPage();
    this.shaded = false;
    if (this.continued) {
      this.doc
        .font('Helvetica-Bold')
        .fontSize(8.5)
        .fillColor(PLUM)
        .text(`${this.continued.title} (continued)`, this.left, this.doc.y, { lineBreak: false });
      this.doc.y += 12;
      this.continued.header();
    }
  }

  /** A class (or the summary) begins: its heading, then its column header, kept together with a first row. */
  beginGroup(title: string, heading: string, header: () => void): void {
    this.continued = null;
    sectionHeading(this.doc, heading, 2 * ROW_H + 24);
    header();
    this.continued = { title, header };
  }

  endGroup(): void {
    this.continued = null;
    this.doc.y += 10;
  }

  /** The two-line column header: groups above (steps, documents), column names below. */
  columnHeader(first: string, second: string): void {
    const doc = this.doc;
    const y = doc.y;
    const stepsX = this.left + ID_W + NAME_W;
    const docsX = stepsX + STEP_W * REGISTRATION_STEPS.length;
    doc.font('Helvetica-Bold').fontSize(6.5).fillColor(MUTED);
    doc.text('REGISTRATION STEPS (DATE COMPLETED)', stepsX, y, {
      width: STEP_W * REGISTRATION_STEPS.length,
      align: 'center',
      lineBreak: false,
    });
    doc.text('DOCUMENTS', docsX, y, {
      width: DOC_W * DOCUMENT_TYPES.length,
      align: 'center',
      lineBreak: false,
    });
    doc.y = y + 9;
    this.row(
      [
        { text: first },
        { text: second },
        ...REGISTRATION_STEPS.map((s) => ({ text: STEP_LABELS[s] })),
        ...DOCUMENT_TYPES.map((t) => ({ text: DOCUMENT_SHORT[t] })),
        { text: 'Terms agreed' },
      ].map((c) => ({ ...c, bold: true, color: PLUM })),
      { rule: PLUM, noShade: true, noBreak: true },
    );
  }

  /** One row of cells; a name too long for its column wraps and the row grows. */
  row(
    cells: Cell[],
    options: { rule?: string; noShade?: boolean; noBreak?: boolean; lines?: number } = {},
  ): void {
    const doc = this.doc;
    doc.fontSize(FONT).font('Helvetica');
    const nameWidth = this.width(cells[1]!.text, cells[1]!.bold);
    const nameLines =
      nameWidth > NAME_W - 2 * PAD
        ? Math.ceil(doc.heightOfString(cells[1]!.text, { width: NAME_W - 2 * PAD }) / (FONT * 1.2))
        : 1;
    const lines = Math.max(nameLines, options.lines ?? 1);
    const height = ROW_H + (lines - 1) * FONT * 1.2;
    if (!options.noBreak) this.room(height);
    const y = doc.y;
    if (!options.noShade) {
      if (this.shaded) doc.rect(this.left, y, contentWidth(doc), height).fill('#f3eef2');
      this.shaded = !this.shaded;
    }
    let x = this.left;
    cells.forEach((cell, i) => {
      const column = COLUMNS[i]!;
      doc.font(cell.bold ? 'Helvetica-Bold' : 'Helvetica').fillColor(cell.color ?? INK);
      if (i === 1 && lines > 1) {
        doc.text(cell.text, x + PAD, y + 2.5, { width: column.width - 2 * PAD });
      } else {
        // Placed by hand: pdfkit's line wrapper, used whenever a width is given, is most of a report's time.
        cell.text.split('\n').forEach((line, k) => {
          const left =
            column.align === 'center' ? x + (column.width - this.width(line, cell.bold)) / 2 : x + PAD;
          doc.text(line, left, y + 2.5 + k * FONT * 1.2, { lineBreak: false });
        });
      }
      x += column.width;
    });
    if (options.rule) {
      doc
        .moveTo(this.left, y + height)
        .lineTo(this.left + contentWidth(doc), y + height)
        .lineWidth(0.6)
        .strokeColor(options.rule)
        .stroke();
    }
    doc.y = y + height;
  }

  /** The counts of a group in the report's columns: finished, held (and verified), agreed. */
  totalsRow(first: string, second: string, totals: GroupTotals, bold: boolean): void {
    const of = totals.students;
    this.row(
      [
        { text: first, bold },
        { text: second, bold },
        ...REGISTRATION_STEPS.map((s) => ({ text: countAndShare(totals.steps[s], of), bold })),
        ...DOCUMENT_TYPES.map((t) => ({
          text: `${countAndShare(totals.held[t], of)}\n${totals.verified[t]} verified`,
          bold,
        })),
        { text: countAndShare(totals.terms, of), bold },
      ],
      { lines: 2 },
    );
  }
}

const students = (n: number): string => `${n} ${n === 1 ? 'student' : 'students'}`;

const studentName = (s: ReportStudent): string =>
  `${s.last_name}, ${[s.first_name, s.middle_name].filter(Boolean).join(' ')}`;

const classTitle = (classId: string | null, formLevel: number | null): string =>
  classId ? `Class ${classId}${formLevel ? ` · Form ${formLevel}` : ''}` : 'No class';

/** The school's mark and name, the report's title and what it covers: the top of the first page. */
function reportHeader(doc: Doc, data: RegistrationReportData, classCount: number): void {
  const left = doc.page.margins.left;
  const top = doc.page.margins.top;
  const width = contentWidth(doc);
  drawSchoolMark(doc, left, top, 44, data.school);
  const x = left + 56;
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor(PLUM)
    .text(data.school.name, x, top + 2, { width: width - 56 });
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(INK)
    .text('REGISTRATION REPORT', x, doc.y + 3, { width: width - 56, characterSpacing: 0.8 });
  const n = data.students.length;
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      `${data.scope} · ${students(n)} in ${classCount} ${classCount === 1 ? 'class' : 'classes'} · printed ${data.printedAt}`,
      x,
      doc.y + 3,
      { width: width - 56 },
    );
  doc.y = Math.max(doc.y, top + 44 * 1.15) + 6;
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor(MUTED)
    .text(
      'Steps show the date each was completed (– not yet). Documents: Uploaded = on file, not yet checked; ' +
        'Received = the original seen by the office; Verified = checked against the original; Rejected = to be ' +
        'uploaded again; Missing = nothing on file. Totals give how many and the share of the students; for ' +
        'documents, how many are done (uploaded, received or verified) and how many of those are verified, as ' +
        'on the completion dashboard. Students who have left are not listed.',
      left,
      doc.y,
      { width },
    );
  doc.y += 4;
}

/** Students grouped by class, in the order given (form, class, last name). */
function byClass(list: readonly ReportStudent[]): ReportStudent[][] {
  const groups: ReportStudent[][] = [];
  for (const s of list) {
    const last = groups.at(-1);
    if (last && last[0]!.class_id === s.class_id) last.push(s);
    else groups.push([s]);
  }
  return groups;
}

/**
 * The registration report on landscape Legal paper (D9): a summary of every class with the report's totals,
 * then each class, its students by last name with the six steps, the four documents and the terms, and the
 * class's totals.
 */
export async function buildRegistrationReport(data: RegistrationReportData): Promise<Buffer> {
  const doc = createDocument(`Registration report (${data.scope})`, 'LEGAL', { layout: 'landscape' });
  const writer = new ReportWriter(doc, data.timeZone);
  const classes = byClass(data.students);
  reportHeader(doc, data, classes.length);

  writer.beginGroup('Summary by class', 'SUMMARY BY CLASS', () => writer.columnHeader('Class', 'Students'));
  for (const group of classes) {
    const first = group[0]!;
    writer.totalsRow(first.class_id ?? 'None', String(group.length), groupTotals(group), false);
  }
  if (classes.length === 0) writer.row([{ text: '' }, { text: 'No students match these filters.' }]);
  const all = groupTotals(data.students);
  writer.totalsRow(data.scope === 'Whole school' ? 'School' : 'All', String(all.students), all, true);
  writer.endGroup();

  for (const group of classes) {
    const first = group[0]!;
    const title = classTitle(first.class_id, first.form_level);
    writer.beginGroup(title, `${title} · ${students(group.length)}`.toUpperCase(), () =>
      writer.columnHeader('Student ID', 'Name'),
    );
    for (const s of group) {
      writer.row([
        { text: s.id },
        { text: studentName(s) },
        ...REGISTRATION_STEPS.map((step) => {
          const at = s.steps[step];
          return at ? { text: writer.date(at) } : { text: NOT_DONE, color: MUTED };
        }),
        ...DOCUMENT_TYPES.map((t) => DOCUMENT_WORDS[s.documents[t]]),
        s.termsAgreed ? { text: writer.stamp(s.termsAgreedAt) } : { text: NOT_DONE, color: MUTED },
      ]);
    }
    writer.totalsRow('Totals', students(group.length), groupTotals(group), true);
    writer.endGroup();
  }

  numberPages(doc, `${data.school.name} · Registration report · ${data.scope} · printed ${data.printedAt}`);
  return toBuffer(doc);
}
