import { PASSPORT_PHOTO_RATIO } from '@sp/domain';
import type { PixelSize } from './sniff';
import { decodedSize } from './upright';

export interface CropArea extends PixelSize {
  x: number;
  y: number;
}

/** Within this of the printed box's ratio a photo is framed already (a studio's passport photo). */
const RATIO_TOLERANCE = 0.01;
/** 7 × 9 px steps keep 35 : 45 exact; 700 × 900 is more than the 600 × 800 the server keeps (D46). */
const STEP = { width: 7, height: 9 };
const WIDTH_MAX = 700;

export const pictureSize = (photo: Blob): Promise<PixelSize | null> => decodedSize(photo).catch(() => null);

export const framedAlready = (size: PixelSize) =>
  Math.abs(size.width / size.height - PASSPORT_PHOTO_RATIO) <= RATIO_TOLERANCE * PASSPORT_PHOTO_RATIO;

/** The chosen frame of the photo as a JPEG at exactly the printed box's ratio (35 : 45). */
export async function cropToRatio(photo: Blob, area: CropArea, name: string): Promise<File> {
  const steps = Math.max(1, Math.floor(Math.min(WIDTH_MAX, area.width) / STEP.width));
  const canvas = document.createElement('canvas');
  canvas.width = steps * STEP.width;
  canvas.height = steps * STEP.height;
  const bitmap = await createImageBitmap(photo);
  const g = canvas.getContext('2d')!;
  // A frame dragged past the photo's edge shows white there, as a printed photo's background would.
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.drawImage(bitmap, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
  if (!jpeg) throw new Error('The photo could not be cropped.');
  return new File([jpeg], name.replace(/\.[^.]{1,9}$/, '') + '.jpg', { type: 'image/jpeg' });
}
