import type { PreparedPage } from './prepare';
import { PhotoError, photoMessages } from './messages';

/** An A4 page's width in points: each photo gets a page this wide and as tall as its own proportions. */
const PAGE_WIDTH = 595;

const loadPdfLib = () => import('pdf-lib');

/**
 * A PDF read with pdf-lib (downloaded only once a document has several pages). An encrypted PDF is refused:
 * pdf-lib cannot decrypt, and its pages copied into the joined PDF would come out blank. On its own it is
 * still sent as it is (the server takes PDFs as they are, and the school opens it with its password).
 */
async function loadPdf(bytes: ArrayBuffer) {
  const { PDFDocument } = await loadPdfLib();
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (failure) {
    // By its message: the error's class may come from another copy of pdf-lib (its CommonJS and ES builds).
    if (failure instanceof Error && failure.message.includes('is encrypted'))
      throw new PhotoError(photoMessages.pdfEncrypted());
    throw new PhotoError(photoMessages.pdfUnreadable());
  }
}

/** How many pages a PDF has, to list it among the pages. */
export async function countPdfPages(file: Blob): Promise<number> {
  return (await loadPdf(await file.arrayBuffer())).getPageCount();
}

/** The pages as one PDF: each photo on a page of its own proportions, each PDF's pages copied as they are. */
export async function joinPages(pages: readonly PreparedPage[], name: string): Promise<File> {
  const { PDFDocument } = await loadPdfLib();
  const joined = await PDFDocument.create();
  for (const page of pages) {
    const bytes = await page.file.arrayBuffer();
    if (page.kind === 'pdf') {
      const source = await loadPdf(bytes);
      for (const copied of await joined.copyPages(source, source.getPageIndices())) joined.addPage(copied);
      continue;
    }
    const image = page.kind === 'png' ? await joined.embedPng(bytes) : await joined.embedJpg(bytes);
    const height = (PAGE_WIDTH * image.height) / image.width;
    joined.addPage([PAGE_WIDTH, height]).drawImage(image, { x: 0, y: 0, width: PAGE_WIDTH, height });
  }
  const data = await joined.save();
  return new File([data as Uint8Array<ArrayBuffer>], name, { type: 'application/pdf' });
}
