import {
  DOCUMENT_LABELS,
  DOCUMENT_TYPES,
  IMMUNIZATION_FIELDS,
  fieldsOfSection,
  formatPhone,
  studentField,
  type DocumentType,
  type StudentFields,
} from '@sp/domain';
import {
  INK,
  MUTED,
  PLUM,
  checkbox,
  checkboxGrid,
  contentWidth,
  createDocument,
  drawPicture,
  drawSchoolMark,
  ensureSpace,
  fieldRow,
  numberPages,
  schoolLines,
  sectionHeading,
  signatureLines,
  subHeading,
  toBuffer,
  type Cell,
  type Doc,
} from './layout.js';

export interface RegistrationFormData {
  school: { name: string; address: string; motto?: string; logo?: Buffer | null };
  studentId: string;
  record: StudentFields;
  /** Display names for coded values. */
  names: { religion?: string | undefined; ethnicGroup?: string | undefined; house?: string | undefined };
  documentsReceived: Record<DocumentType, 0 | 1>;
  /** Staff checked the original against the upload (D23). */
  documentsVerified: Record<DocumentType, boolean>;
  /** At print size (D46); 'unreadable' for a kept photo too large or damaged to print. */
  photo: Buffer | 'unreadable' | null;
  terms: { text: string; agreedAt: string | null };
  learningChallengesShown: boolean;
  printedAt: string;
  /** The school year the form is of ("2025-2026"), the current one or a closed one. */
  schoolYear?: string | undefined;
  /** The live family code a parent links the child with (D50); none on a closed year's form or with four parents. */
  familyCode?: string | null | undefined;
}

const PHOTO_W = 99; // 35 mm
const PHOTO_H = 127; // 45 mm

function text(record: StudentFields, name: string): string {
  const value = record[name];
  if (value === null || value === undefined || value === '') return '';
  const field = studentField(name);
  if (field?.control === 'phone') return formatPhone(String(value));
  return String(value);
}

const cell = (record: StudentFields, name: string, span = 1, value?: string): Cell => ({
  label: studentField(name)?.label ?? name,
  value: value ?? text(record, name),
  span,
});

/** The one Spanish line on the form's first page. */
export const SPANISH_NOTE = 'Una traducción al español de los encabezados está disponible en el portal.';

function header(doc: Doc, data: RegistrationFormData): void {
  const left = doc.page.margins.left;
  const top = doc.page.margins.top;
  const width = contentWidth(doc);
  drawSchoolMark(doc, left, top, 54, data.school);
  const textX = left + 66;
  const textW = width - 66 - PHOTO_W - 12;
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .fillColor(PLUM)
    .text(data.school.name, textX, top + 2, { width: textW });
  schoolLines(doc, data.school, textX, textW, 8.5);
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor(INK)
    .text('STUDENT REGISTRATION FORM', textX, doc.y + 8, {
      width: textW,
      characterSpacing: 0.8,
    });
  // D53: the form stays English, the school's official document; every copy tells a Spanish-speaking family,
  // in their language, where the headings are translated (always printed: one class's forms go to families
  // of both languages, and staff print them).
  doc
    .font('Helvetica-Oblique')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(SPANISH_NOTE, textX, doc.y + 1, { width: textW });

  // Passport-photo box, top right.
  const px = left + width - PHOTO_W;
  doc.lineWidth(0.8).strokeColor(INK).rect(px, top, PHOTO_W, PHOTO_H).stroke();
  if (data.photo) {
    const drawn =
      data.photo !== 'unreadable' &&
      drawPicture(doc, data.photo, px + 2, top + 2, [PHOTO_W - 4, PHOTO_H - 4]);
    if (!drawn) {
      doc
        .font('Helvetica')
        .fontSize(7)
        .fillColor(MUTED)
        .text('Photo could not be read', px, top + PHOTO_H / 2 - 4, {
          width: PHOTO_W,
          align: 'center',
        });
    }
  } else {
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor(MUTED)
      .text('Affix passport photo', px, top + PHOTO_H / 2 - 4, {
        width: PHOTO_W,
        align: 'center',
      });
  }

  // Office box: ID, class, house and the documents received.
  const boxY = Math.max(doc.y + 10, top + 66);
  const boxW = width - PHOTO_W - 12;
  doc.y = boxY + 5;
  fieldRow(
    doc,
    [
      { label: 'Student ID', value: data.studentId },
      cell(data.record, 'class_id'),
      { label: 'House', value: data.names.house ?? text(data.record, 'house_code'), span: 1.4 },
    ],
    left + 6,
    boxW - 12,
  );
  doc
    .font('Helvetica-Bold')
    .fontSize(6.5)
    .fillColor(MUTED)
    .text('DOCUMENTS RECEIVED', left + 6, doc.y + 1);
  // Two columns of two, so "(verified)" fits beside each label (D23).
  const rowY = doc.y + 3;
  const columnW = (boxW - 12) / 2;
  DOCUMENT_TYPES.forEach((type, i) => {
    const label = DOCUMENT_LABELS[type] + (data.documentsVerified[type] ? ' (verified)' : '');
    const x = left + 6 + (i % 2) * columnW;
    checkbox(doc, x, rowY + Math.floor(i / 2) * 11, label, data.documentsReceived[type] === 1);
  });
  // The box is drawn round what it holds, at least as tall as the photo beside it.
  const boxBottom = Math.max(top + PHOTO_H, rowY + 2 * 11 + 3);
  doc
    .lineWidth(0.8)
    .strokeColor(PLUM)
    .rect(left, boxY, boxW, boxBottom - boxY)
    .stroke();
  doc.y = boxBottom + 8;
  if (data.familyCode) familyCodeLine(doc, data.familyCode);
}

/** A small boxed line under the header: what a parent types to link the child to their account. */
function familyCodeLine(doc: Doc, code: string): void {
  const left = doc.page.margins.left;
  const label = 'Family code for the parent portal: ';
  doc.font('Helvetica').fontSize(8);
  const labelW = doc.widthOfString(label);
  doc.font('Courier-Bold').fontSize(10);
  const width = labelW + doc.widthOfString(code) + 16;
  const y = doc.y;
  doc.lineWidth(0.6).strokeColor(PLUM).rect(left, y, width, 16).stroke();
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text(label, left + 8, y + 4.5, { lineBreak: false });
  doc
    .font('Courier-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text(code, left + 8 + labelW, y + 3.5, { lineBreak: false });
  doc.y = y + 22;
}

function studentSection(doc: Doc, r: StudentFields, data: RegistrationFormData): void {
  sectionHeading(doc, 'STUDENT INFORMATION');
  fieldRow(doc, [cell(r, 'last_name'), cell(r, 'first_name'), cell(r, 'middle_name')]);
  fieldRow(doc, [
    cell(r, 'sex'),
    cell(r, 'date_of_birth'),
    cell(r, 'place_of_birth'),
    cell(r, 'nationality'),
    cell(r, 'blood_type', 0.6),
  ]);
  fieldRow(doc, [cell(r, 'birth_cert_no'), cell(r, 'sea_no'), cell(r, 'previous_school', 2)]);
  fieldRow(doc, [
    cell(r, 'religion_code', 1, data.names.religion ?? text(r, 'religion_code')),
    cell(r, 'ethnic_group_code', 1, data.names.ethnicGroup ?? text(r, 'ethnic_group_code')),
  ]);
  fieldRow(doc, [
    cell(r, 'home_address', 2),
    cell(r, 'address_line_2'),
    cell(r, 'regional_corporation', 1.4),
  ]);
  fieldRow(doc, [cell(r, 'phone_home'), cell(r, 'email', 2)]);
  ensureSpace(doc, 30);
  const y = doc.y + 2;
  const used = checkbox(
    doc,
    doc.page.margins.left,
    y,
    'Holds an immigration permit',
    r.immigration_permit === 1,
  );
  doc.y = y - 2;
  fieldRow(
    doc,
    [cell(r, 'immigration_issue_date'), cell(r, 'immigration_expiry_date')],
    doc.page.margins.left + used + 20,
    contentWidth(doc) - used - 20,
  );
}

function familySection(doc: Doc, r: StudentFields): void {
  sectionHeading(doc, 'FAMILY INFORMATION', 200);
  const people = ['father', 'mother', 'guardian'] as const;
  const gap = 12;
  const colW = (contentWidth(doc) - 2 * gap) / 3;
  const top = doc.y;
  let lowest = top;
  people.forEach((p, i) => {
    const x = doc.page.margins.left + i * (colW + gap);
    doc.y = top;
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor(PLUM).text(p.toUpperCase(), x, doc.y, { width: colW });
    doc.fillColor(INK);
    doc.y += 2;
    for (const f of fieldsOfSection(p)) fieldRow(doc, [cell(r, f.name)], x, colW);
    lowest = Math.max(lowest, doc.y);
  });
  doc.y = lowest + 2;
  subHeading(doc, 'Family details');
  fieldRow(doc, [
    cell(r, 'living_status'),
    cell(r, 'no_in_family'),
    cell(r, 'no_at_home'),
    cell(r, 'place_in_family'),
  ]);
  fieldRow(doc, [
    cell(r, 'emergency_contact', 1.6),
    cell(r, 'relation_to_child'),
    cell(r, 'home_phone_emergency'),
  ]);
  fieldRow(doc, [cell(r, 'relative_in_school')]);
}

function healthSection(doc: Doc, r: StudentFields, showLearning: boolean): void {
  sectionHeading(doc, 'HEALTH HISTORY', 120);
  subHeading(doc, 'Immunizations received');
  checkboxGrid(
    doc,
    IMMUNIZATION_FIELDS.map((f) => ({ label: f.label, checked: r[f.name] === 1 })),
    5,
  );
  subHeading(doc, 'Conditions');
  checkboxGrid(
    doc,
    fieldsOfSection('condition').map((f) => ({ label: f.label, checked: r[f.name] === 1 })),
    5,
  );
  const learning = fieldsOfSection('learning').filter((f) => f.control === 'flag');
  if (showLearning || learning.some((f) => r[f.name] === 1) || text(r, 'other_learning_disablity')) {
    subHeading(doc, 'Learning challenges');
    checkboxGrid(
      doc,
      learning.map((f) => ({ label: f.label, checked: r[f.name] === 1 })),
      4,
    );
    fieldRow(doc, [cell(r, 'other_learning_disablity')]);
  }
  fieldRow(doc, [cell(r, 'other_illness'), cell(r, 'allergy')]);
  fieldRow(doc, [cell(r, 'medical_history')]);
}

function otherSection(doc: Doc, r: StudentFields): void {
  sectionHeading(doc, 'OTHER INFORMATION');
  fieldRow(doc, [cell(r, 'special_consideration')]);
  fieldRow(doc, [cell(r, 'achievements')]);
  fieldRow(doc, [cell(r, 'device_type')]);
  checkboxGrid(
    doc,
    ['internet_access', 'school_feeding', 'transport'].map((n) => ({
      label: studentField(n)!.label,
      checked: r[n] === 1,
    })),
    3,
  );
}

function termsSection(doc: Doc, r: StudentFields, terms: RegistrationFormData['terms']): void {
  sectionHeading(doc, 'TERMS AND CONDITIONS', 90);
  const paragraphs = terms.text.split(/\n\s*\n/).map((p) => p.replace(/\s+/g, ' ').trim());
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(INK)
    .text(paragraphs.join('\n'), doc.page.margins.left, doc.y, {
      width: contentWidth(doc),
      paragraphGap: 3,
    });
  ensureSpace(doc, 16);
  const y = doc.y + 4;
  const agreed = r.agree_terms_conditions === 1;
  checkbox(
    doc,
    doc.page.margins.left,
    y,
    agreed && terms.agreedAt
      ? `Agreed online by the parent or guardian on ${terms.agreedAt}`
      : 'The parent or guardian agrees to the terms and conditions',
    agreed,
  );
  doc.y = y + 14;
  signatureLines(doc, ['Signature of student', 'Signature of parent or guardian', 'Date']);
}

/** The legal-size registration form (8.5 × 14 in) of one student, as PDF bytes. */
export async function buildRegistrationForm(data: RegistrationFormData): Promise<Buffer> {
  const name = [data.record.first_name, data.record.last_name].filter(Boolean).join(' ');
  const doc = createDocument(`Registration form ${data.studentId}${name ? ` (${name})` : ''}`);
  header(doc, data);
  studentSection(doc, data.record, data);
  familySection(doc, data.record);
  healthSection(doc, data.record, data.learningChallengesShown);
  otherSection(doc, data.record);
  termsSection(doc, data.record, data.terms);
  numberPages(
    doc,
    `${data.school.name} · Registration form of ${data.studentId}${data.schoolYear ? ` · ${data.schoolYear}` : ''} · printed ${data.printedAt}`,
  );
  return toBuffer(doc);
}
