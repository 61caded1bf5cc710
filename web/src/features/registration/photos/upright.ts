import type { PixelSize } from './sniff';

/** A picture's size as the browser decodes it (a JPEG turned by its EXIF orientation). */
export async function decodedSize(blob: Blob): Promise<PixelSize> {
  const bitmap = await createImageBitmap(blob);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

/**
 * A JPEG redrawn as it is meant to be seen: the browser applies its EXIF orientation when decoding, and the
 * redrawn pixels carry none, so pdf-lib (which ignores EXIF) places it upright.
 */
export async function uprightJpeg(photo: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(photo);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
}
