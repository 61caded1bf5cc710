/** What a chosen file is, judged from its first bytes, never from its name or the type the phone declares. */
export type PageKind = 'heic' | 'jpeg' | 'png' | 'pdf';

/** How many bytes are read to judge a file: a JPEG's size sits after its EXIF block, which may be 64 KiB. */
export const HEAD_BYTES = 256 * 1024;

// HEIF's brands (ISO/IEC 23008-12): a phone's HEIC photo names one of them in its `ftyp` box.
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1']);
// AVIF is HEIF too and names mif1 among its brands, but libheif's JavaScript build cannot decode it (AV1).
const AVIF_BRANDS = new Set(['avif', 'avis']);

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));
const u16 = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32 = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

function isHeif(head: Uint8Array): boolean {
  if (head.length < 16 || ascii(head, 4, 4) !== 'ftyp') return false;
  const boxEnd = Math.min(u32(head, 0), head.length);
  // The major brand, then (after the minor version) the compatible brands.
  const major = ascii(head, 8, 4);
  if (AVIF_BRANDS.has(major)) return false;
  if (HEIF_BRANDS.has(major)) return true;
  for (let at = 16; at + 4 <= boxEnd; at += 4) if (HEIF_BRANDS.has(ascii(head, at, 4))) return true;
  return false;
}

export function sniffKind(head: Uint8Array): PageKind | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(head, 0, 5) === '%PDF-') return 'pdf';
  if (isHeif(head)) return 'heic';
  return null;
}

export interface PixelSize {
  width: number;
  height: number;
}

/** A JPEG's start-of-frame marker (any SOF but the DHT, JPG and DAC markers that share the range). */
function jpegSize(b: Uint8Array): PixelSize | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { height: u16(b, at + 5), width: u16(b, at + 7) };
    at += 2 + u16(b, at + 2);
  }
  return null;
}

/** HEIF's `ispe` boxes give each image's size (tiles and the whole picture): the largest is the picture. */
function heifSize(b: Uint8Array): PixelSize | null {
  let best: PixelSize | null = null;
  for (let at = 4; at + 16 <= b.length; at++) {
    if (b[at] !== 0x69 || ascii(b, at, 4) !== 'ispe') continue;
    const size = { width: u32(b, at + 8), height: u32(b, at + 12) };
    if (!best || size.width * size.height > best.width * best.height) best = size;
  }
  return best;
}

/** The size a picture's header declares, read before anything is decoded; null when it cannot be read. */
export function declaredSize(head: Uint8Array, kind: PageKind): PixelSize | null {
  if (kind === 'png') return head.length >= 24 ? { width: u32(head, 16), height: u32(head, 20) } : null;
  if (kind === 'jpeg') return jpegSize(head);
  if (kind === 'heic') return heifSize(head);
  return null;
}

const EXIF_ORIENTATION_TAG = 0x0112;

/**
 * A JPEG's EXIF orientation (1 = upright; 6 = a phone held upright, stored sideways), 1 when it has none.
 * pdf-lib places a JPEG's pixels as they are stored, so a photo not at 1 is redrawn upright first.
 */
export function jpegOrientation(b: Uint8Array): number {
  let at = 2;
  while (at + 4 < b.length && b[at] === 0xff) {
    const marker = b[at + 1]!;
    const length = u16(b, at + 2);
    if (marker === 0xda) return 1;
    if (marker === 0xe1 && ascii(b, at + 4, 6) === 'Exif\0\0')
      return tiffOrientation(b, at + 10, at + 2 + length);
    at += 2 + length;
  }
  return 1;
}

function tiffOrientation(b: Uint8Array, tiff: number, end: number): number {
  const little = ascii(b, tiff, 2) === 'II';
  const read16 = (at: number) => (little ? b[at]! | (b[at + 1]! << 8) : u16(b, at));
  const read32 = (at: number) => (little ? (read16(at) | (read16(at + 2) << 16)) >>> 0 : u32(b, at));
  const ifd = tiff + read32(tiff + 4);
  if (ifd + 2 > end) return 1;
  const count = read16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return 1;
    if (read16(entry) === EXIF_ORIENTATION_TAG) return read16(entry + 8);
  }
  return 1;
}
