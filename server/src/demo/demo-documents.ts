import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import type { DocumentType } from '@sp/domain';
import type { AppContext } from '../context.js';
import { checkDocument } from '../features/documents/document-files.js';
import { storeDocument } from '../features/documents/store-document.js';
import { setStudentWithdrawn } from '../features/students/student-account.js';
import type { Actor } from '../plugins/auth.js';
import type { DemoStudent } from './demo-school.js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer) => {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A passport-style picture: a silhouette on a plain background, as a real PNG. */
export function passportPhoto(shade: number): Buffer {
  const [w, h] = [150, 190];
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) {
      const head = (x - 75) ** 2 / 30 ** 2 + (y - 70) ** 2 / 38 ** 2 <= 1;
      const shoulders = y > 120 && (x - 75) ** 2 / 62 ** 2 + (y - 200) ** 2 / 78 ** 2 <= 1;
      const [r, g, b] = head || shoulders ? [60 + shade, 42 + shade / 2, 36] : [214, 226, 236];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page scan stand-in for a certificate, card or slip, marked as a demo specimen. */
export function specimenPdf(title: string, student: DemoStudent): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56 });
    const parts: Buffer[] = [];
    doc.on('data', (b: Buffer) => parts.push(b));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
    doc.fontSize(22).text('Republic of Trinidad and Tobago', { align: 'center' }).moveDown();
    doc.fontSize(18).text(title, { align: 'center' }).moveDown(2);
    doc.fontSize(12).text(`Name: ${student.first_name} ${student.last_name}`);
    doc.text(`Date of birth: ${student.date_of_birth}`).moveDown(2);
    doc.fillColor('#999').text('DEMO SPECIMEN: not a real document.', { align: 'center' });
    doc.end();
  });
}

export const TITLES: Record<Exclude<DocumentType, 'picture'>, string> = {
  birth_certificate: 'Certificate of Birth',
  immunization_card: 'Immunization Record',
  sea_slip: 'SEA Placement Slip',
};

/**
 * Documents for the older forms' students (the younger ones are left for people trying the upload): most
 * have all four, some only a few; staff have checked many, rejected one photo, and one student has left.
 */
export async function seedDemoDocuments(ctx: AppContext, students: readonly DemoStudent[]): Promise<void> {
  // The school office did the uploads and checks (registration for these forms is closed to students).
  const staff: Actor = { kind: 'staff', id: 'admin', ip: null, userId: 0, role: 'admin' };
  const older = students.filter((s) => Number(s.class_id[0]) >= 4 && !s.withPassword);
  for (const [i, student] of older.entries()) {
    const types = (Object.keys(TITLES) as (keyof typeof TITLES)[]).slice(0, i % 5 === 4 ? 1 : 3);
    for (const type of types) {
      const data = await specimenPdf(TITLES[type], student);
      await storeDocument(ctx, staff, {
        fields: { id: student.id, file_type: type },
        file: { name: `${type}.pdf`, data },
      });
    }
    if (i % 5 !== 4) {
      const file = { name: 'passport photo.png', data: passportPhoto((i * 23) % 60) };
      await storeDocument(ctx, staff, { fields: { id: student.id, file_type: 'picture' }, file });
    }
    const check = (type: DocumentType, status: 'received' | 'verified' | 'rejected', reason?: string) =>
      checkDocument(ctx, staff, { student_id: student.id, type, status, reason: reason ?? null });
    if (i % 3 === 0) await check('birth_certificate', 'verified');
    if (i % 3 === 1) await check('sea_slip', 'received');
    if (i === 2)
      await check(
        'picture',
        'rejected',
        'The photo is too dark. Please upload one against a light background.',
      );
  }
  const leaver = older.at(-1);
  if (leaver) await setStudentWithdrawn(ctx, staff, leaver.id, { reason: 'Moved to a school in Tobago.' });
}
