import sharp from 'sharp';

/** A one-colour PNG of any size (it compresses to a few kilobytes however many pixels it has). */
export const plainPng = (width: number, height: number, background = { r: 40, g: 90, b: 160, alpha: 1 }) =>
  sharp({ create: { width, height, channels: 4, background }, limitInputPixels: false })
    .png()
    .toBuffer();

/** A transparent square logo with an opaque plum disc in the middle. */
export async function transparentLogo(side: number): Promise<Buffer> {
  const disc = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">` +
      `<circle cx="${side / 2}" cy="${side / 2}" r="${side / 3}" fill="#5B2148"/></svg>`,
  );
  return sharp({
    create: { width: side, height: side, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: disc }])
    .png()
    .toBuffer();
}

/**
 * A phone's photo taken sideways: the pixels are stored 800 wide × 400 high, left half red, right half blue,
 * with EXIF orientation 6 ("turn 90° clockwise to view"): upright it is 400 × 800, red on top.
 */
export async function sidewaysPhoto(): Promise<Buffer> {
  const half = (r: number, b: number) =>
    sharp({ create: { width: 400, height: 400, channels: 3, background: { r, g: 0, b } } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 800, height: 400, channels: 3, background: '#000000' } })
    .composite([
      { input: await half(255, 0), left: 0, top: 0 },
      { input: await half(0, 255), left: 400, top: 0 },
    ])
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** The pictures a PDF embeds, from their object dictionaries: size and whether an alpha mask goes with them. */
export function pdfImages(pdf: Buffer): { width: number; height: number; filter: string; masked: boolean }[] {
  const text = pdf.toString('latin1');
  const found = [];
  for (const m of text.matchAll(/<<([^>]*\/Subtype \/Image[^>]*)>>/g)) {
    const dict = m[1]!;
    found.push({
      width: Number(/\/Width (\d+)/.exec(dict)?.[1]),
      height: Number(/\/Height (\d+)/.exec(dict)?.[1]),
      filter: /\/Filter \/(\w+)/.exec(dict)?.[1] ?? '',
      masked: dict.includes('/SMask'),
    });
  }
  return found;
}
