import { MAX_PARENTS_PER_CHILD } from '@sp/domain';
import {
  INK,
  MUTED,
  PLUM,
  contentWidth,
  createDocument,
  drawSchoolMark,
  schoolLines,
  toBuffer,
  type Doc,
} from './layout.js';

export interface FamilyLetter {
  id: string;
  first_name: string;
  last_name: string;
  /** The live family code; null when the child already has the most parents linked. */
  code: string | null;
}

export interface FamilyLettersData {
  school: { name: string; address?: string | null; motto?: string | null; logo?: Buffer | null };
  classId: string;
  /** Where families reach the portal. */
  portalUrl: string;
  /** The day printed, in the school's time (yyyy-mm-dd). */
  printedAt: string;
  letters: FamilyLetter[];
}

const PAGES_PER_SLICE = 8;

function letterhead(doc: Doc, data: FamilyLettersData): void {
  const left = doc.page.margins.left;
  const top = doc.page.margins.top;
  drawSchoolMark(doc, left, top, 48, data.school);
  const x = left + 62;
  const width = contentWidth(doc) - 62;
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .fillColor(PLUM)
    .text(data.school.name, x, top + 4, { width });
  schoolLines(doc, data.school, x, width, 9);
  doc.y = Math.max(doc.y, top + 56) + 18;
}

/** The child's details, and the code large enough to copy without a mistake. */
function detailsBox(doc: Doc, letter: FamilyLetter, classId: string): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const top = doc.y;
  const height = letter.code ? 112 : 70;
  doc.lineWidth(1).strokeColor(PLUM).rect(left, top, width, height).stroke();
  const rows: [string, string][] = [
    ['Student', `${letter.first_name} ${letter.last_name}`],
    ['Class', classId],
    ['Student ID', letter.id],
  ];
  rows.forEach(([label, value], i) => {
    const y = top + 12 + i * 17;
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, left + 14, y, { lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(value, left + 100, y - 1, {
        width: width - 114,
        lineBreak: false,
        ellipsis: true,
      });
  });
  if (letter.code) {
    const y = top + 12 + 3 * 17 + 6;
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text('Family code', left + 14, y + 8, { lineBreak: false });
    doc
      .font('Courier-Bold')
      .fontSize(26)
      .fillColor(PLUM)
      .text(letter.code, left + 100, y, { lineBreak: false });
  }
  doc.fillColor(INK);
  doc.y = top + height + 18;
}

const paragraph = (doc: Doc, text: string, gap = 8) =>
  doc
    .font('Helvetica')
    .fontSize(10.5)
    .fillColor(INK)
    .text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc), lineGap: 2 })
    .moveDown(gap / 10.5);

function steps(doc: Doc, data: FamilyLettersData, letter: FamilyLetter): void {
  const list = [
    `Open ${data.portalUrl}/?as=parent (the sign-in page, "Parent") and choose "Create a parent account". Give your name as the school should address you (for example Mrs Ali), your e-mail address and a password.`,
    'Open the link in the e-mail we send you to confirm your address, then sign in.',
    `Choose "Link a child" and type ${letter.first_name}'s student ID and the family code above, exactly as printed.`,
  ];
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(PLUM)
    .text('How to link your account', doc.page.margins.left, doc.y);
  doc.moveDown(0.4);
  doc
    .font('Helvetica')
    .fontSize(10.5)
    .fillColor(INK)
    .list(list, doc.page.margins.left + 4, doc.y, {
      width: contentWidth(doc) - 4,
      listType: 'numbered',
      lineGap: 2,
      paragraphGap: 6,
    });
  doc.moveDown(0.8);
}

function letterPage(doc: Doc, data: FamilyLettersData, letter: FamilyLetter): void {
  letterhead(doc, data);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(INK)
    .text('The parent portal', doc.page.margins.left, doc.y);
  doc.moveDown(0.6);
  paragraph(doc, `Dear parent or guardian of ${letter.first_name} ${letter.last_name},`);
  if (!letter.code) {
    paragraph(
      doc,
      `${letter.first_name} already has ${MAX_PARENTS_PER_CHILD} parent accounts linked on the school's portal, the most a child may have, so this letter has no family code. To link another account, ask the school office to unlink one first.`,
    );
    detailsBox(doc, letter, data.classId);
    return;
  }
  paragraph(
    doc,
    `With a parent account you sign in with your own e-mail address and password and act for ${letter.first_name} on the school's portal: the registration, documents, the registration form and report cards. If you have several children at the school, one account holds them all.`,
  );
  detailsBox(doc, letter, data.classId);
  steps(doc, data, letter);
  paragraph(
    doc,
    'The code works once: after it links an account it stops working. Another parent or guardian asks the school office for a new code, or is invited by e-mail from the student’s own sign-in. Keep this letter private: with the code, anyone can link an account to your child.',
  );
}

function footer(doc: Doc, data: FamilyLettersData): void {
  const y = doc.page.height - doc.page.margins.bottom - 8;
  const margin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor(MUTED)
    .text(
      `${data.school.name} · Family letter · Class ${data.classId} · printed ${data.printedAt}`,
      doc.page.margins.left,
      y,
      {
        lineBreak: false,
      },
    );
  doc.page.margins.bottom = margin;
}

/** A class's family letters on Letter paper, one page per student; a class with no students gets one page saying so. */
export async function buildFamilyLetters(data: FamilyLettersData): Promise<Buffer> {
  const doc = createDocument(`Family letters ${data.classId}`, 'LETTER', { bufferPages: false });
  if (data.letters.length === 0) {
    letterhead(doc, data);
    paragraph(doc, `No student is enrolled in class ${data.classId}.`);
  }
  for (const [i, letter] of data.letters.entries()) {
    // A page takes a few milliseconds: a big class yields between slices, so other requests go on.
    if (i > 0 && i % PAGES_PER_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    if (i > 0) doc.addPage();
    letterPage(doc, data, letter);
    footer(doc, data);
  }
  return toBuffer(doc);
}
