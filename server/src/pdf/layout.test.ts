import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pdfImages, plainPng, transparentLogo } from '../test/pictures.js';
import { createDocument, drawPicture, drawSchoolMark, toBuffer } from './layout.js';

describe('pictures on PDFs (D46)', () => {
  it('embeds the logo once for a class of 13 report cards', async () => {
    const logo = await sharp(await transparentLogo(600))
      .flatten({ background: '#fff' })
      .png()
      .toBuffer();
    const doc = createDocument('Class');
    for (let page = 0; page < 13; page++) {
      if (page) doc.addPage();
      drawSchoolMark(doc, 40, 36, 52, { name: 'Bishop Anstey', logo });
    }
    expect(pdfImages(await toBuffer(doc))).toEqual([
      { width: 600, height: 600, filter: 'FlateDecode', masked: false },
    ]);
  });

  it('refuses a picture larger than print size instead of decoding it, and the crest stands in', async () => {
    const doc = createDocument('Form');
    expect(drawPicture(doc, await plainPng(1200, 1200), 40, 36, [54, 62])).toBe(false);
    drawSchoolMark(doc, 40, 36, 54, { name: 'Bishop Anstey', logo: await plainPng(2000, 2000) });
    expect(drawPicture(doc, Buffer.from('not a picture'), 40, 36, [54, 62])).toBe(false);
    expect(pdfImages(await toBuffer(doc))).toEqual([]);
  });
});
