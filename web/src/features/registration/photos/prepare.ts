import { PICTURE_MAX_PIXELS } from '@sp/domain';
import { PhotoError, photoMessages } from './messages';
import { heicToJpeg } from './heic';
import { LONG_SIDE_MAX, SHRUNK_MAX_BYTES, shrinkPhoto } from './shrink';
import { HEAD_BYTES, declaredSize, jpegOrientation, sniffKind, type PageKind, type PixelSize } from './sniff';
import { decodedSize, uprightJpeg } from './upright';

/** A chosen file made ready to send: a HEIC photo as JPEG, a large photo smaller; anything else as it was. */
export interface PreparedPage {
  file: File;
  /** What its bytes are; null when they are none of these (the server then judges and refuses it). */
  kind: PageKind | null;
  /** The chosen file's size, to show what shrinking saved. */
  before: number;
}

export interface PrepareSteps {
  /** What is being done now, to show while it runs. */
  onStage: (text: string) => void;
  onProgress: (percent: number) => void;
  /** Cancel, or the step left: the work stops. */
  signal: AbortSignal;
}

const renamed = (name: string, extension: string) => name.replace(/\.[^.]{1,9}$/, '') + extension;

function refuseOverLimit(size: PixelSize) {
  if (size.width * size.height > PICTURE_MAX_PIXELS)
    throw new PhotoError(photoMessages.tooManyPixels(size.width, size.height));
}

/**
 * The size the header declares. It usually sits in the first 256 KiB; a larger EXIF block pushes it further,
 * so the whole file (already within the school's limit) is read once more. A picture whose size cannot be
 * found is refused: decoding it blind could take any amount of memory.
 */
async function headerSize(file: File, head: Uint8Array, kind: PageKind): Promise<PixelSize> {
  let size = declaredSize(head, kind);
  if (!size && file.size > head.length) size = declaredSize(new Uint8Array(await file.arrayBuffer()), kind);
  if (!size) throw new PhotoError(photoMessages.unreadable());
  refuseOverLimit(size);
  return size;
}

/**
 * Checks that cost nothing come first: the school's upload limit before a byte is read, the pixel size the
 * header declares (D46) before anything is decoded. The libraries that convert are downloaded only when a
 * file needs them.
 */
export async function preparePage(file: File, maxMb: number, steps: PrepareSteps): Promise<PreparedPage> {
  if (file.size > maxMb * 1024 * 1024) throw new PhotoError(photoMessages.tooLarge(maxMb));
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const kind = sniffKind(head);
  const page: PreparedPage = { file, kind, before: file.size };
  if (kind === null || kind === 'pdf') return page;
  let size: PixelSize = await headerSize(file, head, kind);

  let photo: Blob = file;
  if (kind === 'heic') {
    steps.onStage(photoMessages.converting());
    photo = await heicToJpeg(file, steps.signal);
    size = await decodedSize(photo);
    refuseOverLimit(size);
  } else if (kind === 'jpeg' && jpegOrientation(head) !== 1) {
    // pdf-lib would place the stored, sideways pixels: the photo is redrawn the way it is meant to be seen.
    steps.onStage(photoMessages.turning());
    photo = await uprightJpeg(file);
    steps.signal.throwIfAborted();
  }
  if (Math.max(size.width, size.height) > LONG_SIDE_MAX || photo.size > SHRUNK_MAX_BYTES) {
    steps.onStage(photoMessages.shrinking());
    const type = photo === file && kind === 'png' ? 'image/png' : 'image/jpeg';
    photo = await shrinkPhoto(photo, type, steps.onProgress, steps.signal);
  }
  if (photo === file) return page;
  return {
    file: new File([photo], renamed(file.name, '.jpg'), { type: 'image/jpeg' }),
    kind: 'jpeg',
    before: file.size,
  };
}
