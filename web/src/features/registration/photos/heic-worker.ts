// The pure-JavaScript build of libheif: the server's Content-Security-Policy does not allow WebAssembly to be
// compiled ('wasm-unsafe-eval'), so the wasm build would be refused (ADR 0047). It runs in a worker so a
// 12-megapixel photo's seconds of decoding leave the page responsive.
import libheif from 'libheif-js/libheif/libheif.js';

interface HeifImage {
  get_width(): number;
  get_height(): number;
  display(target: ImageData, done: (result: ImageData | null) => void): void;
}
interface Libheif {
  HeifDecoder: new () => { decode(data: Uint8Array): HeifImage[] };
}

export type HeicAnswer = { jpeg: Blob } | { error: true };

self.onmessage = async (event: MessageEvent<ArrayBuffer>) => {
  try {
    const lib = (libheif as unknown as () => Libheif)();
    const image = new lib.HeifDecoder().decode(new Uint8Array(event.data))[0];
    if (!image) throw new Error('no image');
    const pixels = new ImageData(image.get_width(), image.get_height());
    await new Promise<void>((resolve, reject) =>
      image.display(pixels, (done) => (done ? resolve() : reject(new Error('not decoded')))),
    );
    const canvas = new OffscreenCanvas(pixels.width, pixels.height);
    canvas.getContext('2d')!.putImageData(pixels, 0, 0);
    const jpeg = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    self.postMessage({ jpeg } satisfies HeicAnswer);
  } catch {
    self.postMessage({ error: true } satisfies HeicAnswer);
  }
};
