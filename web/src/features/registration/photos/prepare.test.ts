import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PICTURE_MAX_PIXELS } from '@sp/domain';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import './blob-bytes.test-helper';
import { countPdfPages } from './join-pages';
import { photoMessages } from './messages';
import { preparePage } from './prepare';
import { declaredSize, jpegOrientation, sniffKind } from './sniff';

// The compressor needs a canvas jsdom has not: what it is handed is what these tests look at.
const compressed = vi.hoisted(() => [] as File[]);
vi.mock('browser-image-compression', () => ({
  default: (file: File) => {
    compressed.push(file);
    return Promise.resolve(new Blob([new Uint8Array(10)], { type: 'image/jpeg' }));
  },
}));

const heic = new Uint8Array(
  readFileSync(join(import.meta.dirname, '../../../../../e2e/fixtures/birth-certificate.heic')),
);

/** A JPEG's start: SOI, an APP0 block, then a baseline frame header declaring its size. */
function jpegHeader(width: number, height: number): Uint8Array {
  const app0 = [
    0xff,
    0xe0,
    0,
    16,
    ...'JFIF\0'.split('').map((c) => c.charCodeAt(0)),
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
  ];
  const sof = [
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}

function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

const steps = () => ({ onStage: vi.fn(), onProgress: vi.fn(), signal: new AbortController().signal });
const file = (bytes: Uint8Array, name: string) => new File([bytes as Uint8Array<ArrayBuffer>], name);

describe('judging a chosen file by its bytes', () => {
  it('knows HEIC by its ftyp brand, whatever the file is called', () => {
    expect(sniffKind(heic)).toBe('heic');
    expect(declaredSize(heic, 'heic')).toEqual({ width: 600, height: 800 });
    const avifOnly = new TextEncoder().encode('\0\0\0\x18ftypavif\0\0\0\0avifmiaf');
    expect(sniffKind(avifOnly)).toBeNull();
    // AVIF names HEIF's mif1 among its brands, but it is not a photo the HEIC decoder can read.
    const avif = new TextEncoder().encode('\0\0\0\x1cftypavif\0\0\0\0avifmif1miaf');
    expect(sniffKind(avif)).toBeNull();
    expect(sniffKind(new TextEncoder().encode('\0\0\0\x1cftypavis\0\0\0\0avismif1miaf'))).toBeNull();
  });

  it("reads a JPEG's EXIF orientation", async () => {
    const photo = sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } }).jpeg();
    expect(jpegOrientation(await photo.clone().withMetadata({ orientation: 6 }).toBuffer())).toBe(6);
    expect(jpegOrientation(await photo.clone().withMetadata({ orientation: 1 }).toBuffer())).toBe(1);
    expect(jpegOrientation(await photo.clone().toBuffer())).toBe(1);
  });

  it('reads the size a JPEG or PNG declares without decoding it', () => {
    expect(sniffKind(jpegHeader(4000, 3000))).toBe('jpeg');
    expect(declaredSize(jpegHeader(4000, 3000), 'jpeg')).toEqual({ width: 4000, height: 3000 });
    expect(declaredSize(pngHeader(640, 480), 'png')).toEqual({ width: 640, height: 480 });
    expect(sniffKind(new TextEncoder().encode('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffKind(new TextEncoder().encode('GIF89a'))).toBeNull();
  });
});

describe('preparing a page', () => {
  it('refuses a file over the school limit before reading it', async () => {
    const big = file(new Uint8Array(3 * 1024 * 1024 + 1), 'scan.pdf');
    const read = vi.spyOn(big, 'slice');
    await expect(preparePage(big, 3, steps())).rejects.toThrow('larger than 3 MB');
    expect(read).not.toHaveBeenCalled();
  });

  it('refuses a picture whose header declares more than D46 allows, before decoding it', async () => {
    const side = Math.ceil(Math.sqrt(PICTURE_MAX_PIXELS)) + 1;
    const s = steps();
    await expect(preparePage(file(pngHeader(side, side), 'huge.png'), 10, s)).rejects.toThrow(
      `${side} × ${side} pixels`,
    );
    await expect(preparePage(file(jpegHeader(9000, 6000), 'huge.jpg'), 10, s)).rejects.toThrow('9000 × 6000');
    expect(s.onStage).not.toHaveBeenCalled();
  });

  it('refuses a picture whose size cannot be found, rather than decoding it at any size', async () => {
    const noFrame = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xd9, ...new Uint8Array(16)]);
    await expect(preparePage(file(noFrame, 'photo.jpg'), 10, steps())).rejects.toThrow(
      photoMessages.unreadable(),
    );
  });

  it('reads past the first 256 KiB for a size pushed there by a large EXIF block', async () => {
    const header = jpegHeader(9000, 6000);
    // A comment segment of 300,000 bytes in 64 KiB pieces between the start and the frame header.
    const comments: number[] = [];
    for (let left = 300_000; left > 0; left -= 65_000)
      comments.push(0xff, 0xfe, 65_002 >> 8, 65_002 & 255, ...new Uint8Array(65_000));
    const bytes = new Uint8Array([...header.subarray(0, 2), ...comments, ...header.subarray(2)]);
    await expect(preparePage(file(bytes, 'big.jpg'), 10, steps())).rejects.toThrow('9000 × 6000');
  });

  it('redraws a JPEG stored sideways (EXIF orientation 6) before anything else', async () => {
    const sideways = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const s = steps();
    // jsdom cannot draw: it is enough that the redraw was started.
    await preparePage(file(new Uint8Array(sideways), 'IMG_1.jpg'), 10, s).catch(() => null);
    expect(s.onStage).toHaveBeenCalledWith(photoMessages.turning());
  });

  it('hands the compressor the type the bytes showed, not the one the phone declared', async () => {
    compressed.length = 0;
    const png = new File([pngHeader(3000, 2000) as Uint8Array<ArrayBuffer>], 'scan.jpg', {
      type: 'image/jpeg',
    });
    const page = await preparePage(png, 10, steps());
    expect(compressed.map((f) => f.type)).toEqual(['image/png']);
    expect(page.file.type).toBe('image/jpeg');
  });

  it('refuses an encrypted PDF as a page to join: its pages would come out blank', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    pdf.context.trailerInfo.Encrypt = pdf.context.obj({ Filter: 'Standard', V: 1, R: 2 });
    const encrypted = new Blob([(await pdf.save()) as Uint8Array<ArrayBuffer>]);
    await expect(countPdfPages(encrypted)).rejects.toThrow(photoMessages.pdfEncrypted());
  });

  it('leaves a small JPEG, a PDF and bytes it does not know as they are, for the server to judge', async () => {
    for (const [bytes, name] of [
      [jpegHeader(1200, 900), 'small.jpg'],
      [new TextEncoder().encode('%PDF-1.4\n'), 'scan.pdf'],
      [new TextEncoder().encode('not a picture'), 'photo.png'],
    ] as const) {
      const chosen = file(bytes, name);
      const s = steps();
      const page = await preparePage(chosen, 10, s);
      expect(page.file).toBe(chosen);
      expect(s.onStage).not.toHaveBeenCalled();
    }
  });
});
