/**
 * The hostile files: big CSVs written as a stream (never whole in memory), pictures of 400 megapixels that
 * are small on disk, and an XLSX whose sheet inflates to ~450 MB. Pictures and the XLSX take a while to make
 * and never change, so they are kept in the temporary folder between runs.
 */
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import yazl from 'yazl';

const cacheDir = join(tmpdir(), 'sp-hostile-files');

/** A file made once by `make` (written to a temporary name first, so a cut-off run leaves nothing half made). */
async function cached(name: string, make: (path: string) => Promise<void>): Promise<string> {
  mkdirSync(cacheDir, { recursive: true });
  const path = join(cacheDir, name);
  if (existsSync(path)) return path;
  await make(`${path}.part`);
  renameSync(`${path}.part`, path);
  return path;
}

const csvLine = (cells: (string | number)[]) => cells.join(',') + '\r\n';

/** A CSV of `count` rows after `header`, written in blocks with the stream's back-pressure respected. */
export async function writeCsv(
  path: string,
  header: string[],
  count: number,
  row: (i: number) => (string | number)[],
): Promise<void> {
  const out = createWriteStream(path);
  out.write(csvLine(header));
  for (let i = 0; i < count; i += 1000) {
    let block = '';
    for (let k = i; k < Math.min(count, i + 1000); k++) block += csvLine(row(k));
    if (!out.write(block)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

export type PictureKind = 'rgba' | 'palette' | 'transparent';

/**
 * A one-colour PNG: `rgba` is the half-transparent one (about 1.5 MB at 20000²), `palette` the same colour
 * at one bit a pixel with its transparency in the palette (a few hundred KB at 20000²: within the logo's
 * size cap, and still an alpha channel to decode), `transparent` wholly see-through.
 */
export function picture(kind: PictureKind, side: number): Promise<string> {
  return cached(`${kind}-${side}.png`, async (path) => {
    const background =
      kind === 'transparent' ? { r: 0, g: 0, b: 0, alpha: 0 } : { r: 200, g: 100, b: 50, alpha: 0.5 };
    const image = sharp({
      create: { width: side, height: side, channels: 4, background },
      limitInputPixels: false,
    });
    await image
      .png({ compressionLevel: 9, ...(kind === 'palette' ? { palette: true, colours: 2 } : {}) })
      .toFile(path);
  });
}

const XLSX_PARTS: [string, string][] = [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ],
  [
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Students" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ],
  [
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  ],
];

const inline = (text: string) => `<c t="inlineStr"><is><t>${text}</t></is></c>`;

/**
 * An XLSX whose one sheet is `bytes` of XML: the same student row over and over, which deflate shrinks a
 * thousandfold, so the file is well inside the import's size cap. Under V8's longest string (~512 MB), so a
 * reader that inflates the sheet into one string gets that far.
 */
export function xlsxBomb(bytes: number): Promise<string> {
  return cached(`bomb-${bytes}.xlsx`, async (path) => {
    const row = `<row>${['Z0001', 'Bomb', 'Sheet', '', '1A', '01/01/2013', 'RED', ''].map(inline).join('')}</row>`;
    const head =
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
    const tail = '</sheetData></worksheet>';
    const block = row.repeat(Math.floor((1 << 20) / row.length));
    const blocks = Math.floor((bytes - head.length - tail.length) / block.length);
    function* sheet() {
      yield Buffer.from(head);
      const chunk = Buffer.from(block);
      for (let i = 0; i < blocks; i++) yield chunk;
      yield Buffer.from(tail);
    }
    const zip = new yazl.ZipFile();
    for (const [name, xml] of XLSX_PARTS) zip.addBuffer(Buffer.from(xml), name);
    zip.addReadStream(Readable.from(sheet()), 'xl/worksheets/sheet1.xml', { compressionLevel: 9 });
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(path));
  });
}
