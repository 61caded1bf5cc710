import sharp, { type Metadata } from 'sharp';
import { LOGO_PRINT_SIDE, PHOTO_PRINT_SIZE, PICTURE_MAX_PIXELS, pictureMessages } from '@sp/domain';
import { AppError, badRequest, fileRefused } from '../errors.js';

/**
 * D46: a picture is made print-size once, when it arrives, so no PDF decodes a large image. sharp works in
 * libuv's thread pool, so the event loop stays free while it does; its cache is off and one libvips thread
 * works per picture, so a big file's memory is handed back as soon as it is done (ADR 0029).
 */
sharp.cache(false);
sharp.concurrency(1);

export type PictureKind = 'photo' | 'logo';

export interface PrintPicture {
  data: Buffer;
  mime: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

const BOX: Record<PictureKind, { width: number; height: number }> = {
  photo: PHOTO_PRINT_SIZE,
  logo: { width: LOGO_PRINT_SIDE, height: LOGO_PRINT_SIDE },
};

/**
 * Runs work with at most `max` at once. A finished one hands its slot straight to the next waiting, and
 * frees it only when nobody waits: were it freed first, a caller arriving before the woken one resumes
 * would take it too, and max + 1 would run.
 */
export function atMostAtOnce(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** At most two pictures are converted at once: the machine's two cores, and two decoded pictures in memory. */
const oneAtATime = atMostAtOnce(2);

/** The header only: format, dimensions, orientation, alpha. Nothing is decoded. */
async function readHeader(data: Buffer): Promise<Metadata> {
  try {
    // The header is read whatever its size, so the refusal can name it; only the limit below decides.
    return await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(pictureMessages.unreadable, 'file');
  }
}

function refuseTooLarge(meta: Metadata): void {
  const { width, height } = meta;
  if (width * height > PICTURE_MAX_PIXELS) {
    const message = pictureMessages.tooManyPixels(width, height);
    throw fileRefused(413, message);
  }
}

/** Already what the PDFs can embed as it is: small, upright, opaque, 8-bit sRGB, JPEG (or PNG for a logo). */
function isPrintReady(meta: Metadata, kind: PictureKind): boolean {
  const box = BOX[kind];
  const format = meta.format === 'jpeg' || (kind === 'logo' && meta.format === 'png');
  return (
    format &&
    meta.width <= box.width &&
    meta.height <= box.height &&
    !meta.hasAlpha &&
    (meta.orientation ?? 1) === 1 &&
    meta.depth === 'uchar' &&
    (meta.space === 'srgb' || meta.space === 'b-w') &&
    !(meta.format === 'png' && meta.isProgressive)
  );
}

/**
 * The picture at print size: turned upright by its EXIF orientation, fitted inside its box (never enlarged),
 * transparency flattened onto white, metadata (GPS and all) dropped. A photo becomes a JPEG; a logo an opaque
 * PNG, which keeps its edges sharp and which pdfkit embeds without decoding. Over 25 megapixels is refused
 * from the header (413) before anything is decoded; a file that cannot be read is a 400.
 */
export async function printSizePicture(data: Buffer, kind: PictureKind): Promise<PrintPicture> {
  const meta = await readHeader(data);
  refuseTooLarge(meta);
  const box = BOX[kind];
  return oneAtATime(async () => {
    try {
      const pipeline = sharp(data, { limitInputPixels: PICTURE_MAX_PIXELS, autoOrient: true })
        .resize({ ...box, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' });
      const encoded =
        kind === 'photo'
          ? pipeline.jpeg({ quality: 85, mozjpeg: true })
          : pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
      const { data: out, info } = await encoded.toBuffer({ resolveWithObject: true });
      return {
        data: out,
        mime: kind === 'photo' ? 'image/jpeg' : 'image/png',
        width: info.width,
        height: info.height,
      };
    } catch {
      throw badRequest(pictureMessages.unreadable, 'file');
    }
  });
}

/**
 * For a picture stored before D46: itself when it is already print-ready (a header read), else its
 * print-size version, or null when it cannot be read or is over the limit: a PDF then leaves it out rather
 * than decode it.
 */
export async function printReadyPicture(data: Buffer, kind: PictureKind): Promise<PrintPicture | null> {
  try {
    const meta = await readHeader(data);
    if (isPrintReady(meta, kind)) {
      return {
        data,
        mime: meta.format === 'png' ? 'image/png' : 'image/jpeg',
        width: meta.width,
        height: meta.height,
      };
    }
    return await printSizePicture(data, kind);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

/** Print-ready versions of pictures read again and again (the logo on every PDF), by a key that names the bytes. */
const remembered = new Map<string, Promise<PrintPicture | null>>();
const REMEMBERED_MAX = 4;

/** printReadyPicture, worked out once per key (a logo's version) and kept while the process runs. */
export function printReadyOnce(key: string, data: Buffer, kind: PictureKind): Promise<PrintPicture | null> {
  let ready = remembered.get(key);
  if (!ready) {
    if (remembered.size >= REMEMBERED_MAX) remembered.delete(remembered.keys().next().value!);
    ready = printReadyPicture(data, kind);
    remembered.set(key, ready);
    ready.catch(() => remembered.delete(key));
  }
  return ready;
}
