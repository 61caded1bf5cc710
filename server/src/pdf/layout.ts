import PDFDocument from 'pdfkit';
import { initials } from '@sp/domain';

/** Small layout helpers shared by the documents the server prints (D16). */
export const PLUM = '#5B2148';
export const INK = '#1a1a1a';
export const MUTED = '#555555';

export type Doc = PDFKit.PDFDocument;

export interface Cell {
  label: string;
  value: string | null | undefined;
  /** Share of the row's width (the row's spans are added up). */
  span?: number;
}

export function createDocument(
  title: string,
  size: 'LEGAL' | 'LETTER' = 'LEGAL',
  options: { bufferPages?: boolean; layout?: 'portrait' | 'landscape' } = {},
): Doc {
  return new PDFDocument({
    size,
    layout: options.layout ?? 'portrait',
    margins: { top: 36, bottom: 36, left: 40, right: 40 },
    bufferPages: options.bufferPages ?? true,
    info: { Title: title, Author: 'Student Portal' },
  });
}

export const contentWidth = (doc: Doc): number =>
  doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottom = (doc: Doc): number => doc.page.height - doc.page.margins.bottom - 14;

/** Starts a new page when fewer than `height` points are left. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

export function sectionHeading(doc: Doc, title: string, minFollowing = 60): void {
  ensureSpace(doc, 22 + minFollowing);
  const x = doc.page.margins.left;
  const y = doc.y + 4;
  doc.rect(x, y, contentWidth(doc), 16).fill(PLUM);
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(9.5)
    .text(title, x + 6, y + 4, { characterSpacing: 0.6 });
  doc.fillColor(INK);
  doc.y = y + 20;
}

export function subHeading(doc: Doc, title: string): void {
  ensureSpace(doc, 40);
  doc
    .font('Helvetica-Bold')
    .fontSize(8.5)
    .fillColor(PLUM)
    .text(title.toUpperCase(), doc.page.margins.left, doc.y + 2);
  doc.fillColor(INK);
  doc.y += 2;
}

const LABEL_SIZE = 6.5;
const VALUE_SIZE = 9;
const GAP = 8;

/**
 * One row of labelled fields: label small above, value on a rule. An empty value leaves the rule blank to be
 * filled by hand; a long value wraps and the row grows.
 */
export function fieldRow(
  doc: Doc,
  cells: Cell[],
  x0 = doc.page.margins.left,
  width = contentWidth(doc),
): void {
  const spans = cells.reduce((n, c) => n + (c.span ?? 1), 0);
  const usable = width - GAP * (cells.length - 1);
  const widths = cells.map((c) => (usable * (c.span ?? 1)) / spans);
  doc.font('Helvetica').fontSize(VALUE_SIZE);
  const valueHeight = Math.max(
    11,
    ...cells.map((c, i) => (c.value ? doc.heightOfString(c.value, { width: widths[i]! - 2 }) : 11)),
  );
  const height = LABEL_SIZE + 3 + valueHeight + 5;
  ensureSpace(doc, height);
  const y = doc.y;
  let x = x0;
  cells.forEach((cell, i) => {
    const w = widths[i]!;
    doc
      .font('Helvetica')
      .fontSize(LABEL_SIZE)
      .fillColor(MUTED)
      .text(cell.label, x, y, { width: w, lineBreak: false });
    if (cell.value) {
      doc
        .font('Helvetica')
        .fontSize(VALUE_SIZE)
        .fillColor(INK)
        .text(cell.value, x + 1, y + LABEL_SIZE + 3, { width: w - 2 });
    }
    const ruleY = y + LABEL_SIZE + 3 + valueHeight + 1;
    doc
      .moveTo(x, ruleY)
      .lineTo(x + w, ruleY)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    x += w + GAP;
  });
  doc.fillColor(INK);
  doc.y = y + height;
}

/** A small square, ticked when `checked`, followed by its label. Returns the width used. */
export function checkbox(doc: Doc, x: number, y: number, label: string, checked: boolean): number {
  doc.lineWidth(0.7).strokeColor(INK).rect(x, y, 8, 8).stroke();
  if (checked) {
    doc
      .lineWidth(1.2)
      .moveTo(x + 1.5, y + 4.2)
      .lineTo(x + 3.4, y + 6.4)
      .lineTo(x + 6.8, y + 1.6)
      .stroke();
  }
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(INK)
    .text(label, x + 11, y + 0.5, { lineBreak: false });
  return 11 + doc.widthOfString(label);
}

/** Checkboxes laid out in `columns` equal columns, as many rows as needed. */
export function checkboxGrid(doc: Doc, items: { label: string; checked: boolean }[], columns: number): void {
  const width = contentWidth(doc) / columns;
  const rows = Math.ceil(items.length / columns);
  ensureSpace(doc, rows * 13 + 4);
  const y0 = doc.y + 2;
  items.forEach((item, i) => {
    checkbox(
      doc,
      doc.page.margins.left + (i % columns) * width,
      y0 + Math.floor(i / columns) * 13,
      item.label,
      item.checked,
    );
  });
  doc.y = y0 + rows * 13 + 2;
}

export function signatureLines(doc: Doc, labels: string[]): void {
  ensureSpace(doc, 44);
  const gap = 24;
  const width = (contentWidth(doc) - gap * (labels.length - 1)) / labels.length;
  const y = doc.y + 26;
  labels.forEach((label, i) =>
    signatureLine(doc, doc.page.margins.left + i * (width + gap), y, width, label),
  );
  doc.fillColor(INK);
  doc.y = y + 16;
}

/** A line to sign on with its label below. */
export function signatureLine(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  label: string,
  align: 'left' | 'center' = 'left',
): void {
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.7)
    .strokeColor(INK)
    .stroke();
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(label, x, y + 3, { width, align, lineBreak: false });
}

/** "Page n of m" on every page, once all pages exist. */
export function numberPages(doc: Doc, footer: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - doc.page.margins.bottom - 8;
    // Writing inside the bottom margin would start a new page; the footer belongs there.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7).fillColor(MUTED);
    doc.text(footer, doc.page.margins.left, y, { lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, doc.page.margins.left, y, {
      width: contentWidth(doc),
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
}

/** The school's address and motto under its name, where it has them, in `size` points. */
export function schoolLines(
  doc: Doc,
  school: { address?: string | null | undefined; motto?: string | null | undefined },
  x: number,
  width: number,
  size: number,
): void {
  for (const [line, font] of [
    [school.address, 'Helvetica'],
    [school.motto, 'Helvetica-Oblique'],
  ] as const) {
    if (line)
      doc
        .font(font)
        .fontSize(size)
        .fillColor(MUTED)
        .text(line, x, doc.y + 1, { width });
  }
}

/** A plain crest drawn in vectors: the school's own logo replaces it once uploaded (D19). */
export function drawCrest(doc: Doc, x: number, y: number, size: number, initials: string): void {
  const w = size;
  const h = size * 1.15;
  doc
    .moveTo(x, y)
    .lineTo(x + w, y)
    .lineTo(x + w, y + h * 0.55)
    .bezierCurveTo(x + w, y + h * 0.85, x + w * 0.5, y + h, x + w * 0.5, y + h)
    .bezierCurveTo(x + w * 0.5, y + h, x, y + h * 0.85, x, y + h * 0.55)
    .closePath()
    .fill(PLUM);
  doc
    .font('Helvetica-Bold')
    .fontSize(size * 0.32)
    .fillColor('#ffffff');
  doc.text(initials, x, y + h * 0.3, { width: w, align: 'center', lineBreak: false });
  doc.fillColor(INK);
}

/** What pdfkit makes of a picture's header (the pixels stay unread until it is embedded). */
interface OpenedImage {
  width: number;
  height: number;
}
type ImageOpener = { openImage(src: Buffer): OpenedImage };
type ImageDrawer = { image(src: OpenedImage, x: number, y: number, options: PDFKit.Mixins.ImageOption): Doc };

/**
 * D46: pictures reach the PDFs at print size (600 × 800 at most), so pdfkit embeds them as they are; anything
 * bigger is a bug upstream and is refused here rather than decoded on the event loop.
 */
export const PRINT_MAX_PIXELS = 1_000_000;

/** Each picture is opened once per document: the logo on every page of a class's report cards is embedded once. */
const opened = new WeakMap<Doc, Map<Buffer, OpenedImage>>();

/**
 * Draws a print-size picture fitted into a `fit` box. False when it cannot be read or is larger than print
 * size, for the caller to draw what stands in for it.
 */
export function drawPicture(doc: Doc, data: Buffer, x: number, y: number, fit: [number, number]): boolean {
  let images = opened.get(doc);
  if (!images) opened.set(doc, (images = new Map<Buffer, OpenedImage>()));
  let image = images.get(data);
  try {
    image ??= (doc as unknown as ImageOpener).openImage(data);
  } catch {
    return false;
  }
  images.set(data, image);
  if (image.width * image.height > PRINT_MAX_PIXELS) return false;
  try {
    (doc as unknown as ImageDrawer).image(image, x, y, { fit, align: 'center', valign: 'center' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The school's mark at the top of every document (D19): its uploaded logo fitted into a `size` × 1.15·`size`
 * box, or the drawn crest with the name's initials while no logo is set (or the picture cannot be read).
 */
export function drawSchoolMark(
  doc: Doc,
  x: number,
  y: number,
  size: number,
  school: { name: string; logo?: Buffer | null },
): void {
  // A picture pdfkit cannot read falls back to the crest rather than failing the document.
  if (school.logo && drawPicture(doc, school.logo, x, y, [size, size * 1.15])) return;
  drawCrest(doc, x, y, size, initials(school.name).slice(0, 2) || 'SP');
}

export function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
