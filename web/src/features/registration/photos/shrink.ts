/** The longest side kept: enough to read any document, a quarter of a 12-megapixel phone photo's pixels. */
export const LONG_SIDE_MAX = 2000;
/** At most 1 MB (decimal, as a phone shows it) reaches the server. */
export const SHRUNK_MAX_BYTES = 1_000_000;

/**
 * The photo resized to at most 2,000 px on its long side and compressed to at most 1 MB, as a JPEG. On the
 * page's own thread: the library's worker loads its script from a CDN, which the Content-Security-Policy
 * refuses; progress is shown instead. `type` is what the bytes are: the compressor trusts a file's declared
 * type, which a phone may get wrong.
 */
export async function shrinkPhoto(
  photo: Blob,
  type: 'image/jpeg' | 'image/png',
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<Blob> {
  const { default: compress } = await import('browser-image-compression');
  return compress(new File([photo], 'photo', { type }), {
    maxSizeMB: SHRUNK_MAX_BYTES / 1024 / 1024,
    maxWidthOrHeight: LONG_SIDE_MAX,
    useWebWorker: false,
    fileType: 'image/jpeg',
    initialQuality: 0.85,
    onProgress,
    signal,
  });
}
