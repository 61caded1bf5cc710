import { PDFParse } from 'pdf-parse';

/** The text of a PDF, page by page as pdf.js reads it, and its number of pages. */
export async function pdfText(data: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}
