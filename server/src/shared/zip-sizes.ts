import { promisify } from 'node:util';
import yauzl from 'yauzl';

export interface ZipLimits {
  /** The most all entries together may unpack to. */
  maxUnpackedBytes: number;
  /** Unpacked size over packed size above which an entry (of over a megabyte) is a bomb, not a spreadsheet. */
  maxRatio: number;
}

export type ZipVerdict = 'ok' | 'unreadable' | 'too-large';

const fromBuffer = promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer);
const RATIO_FLOOR = 1024 * 1024;

/**
 * D47: judges a zip from its central directory before anything is inflated, then inflates each entry into
 * nothing to prove the directory told the truth (yauzl stops an entry the moment it outgrows its declared
 * size). Inflating runs in libuv's pool, so the event loop stays free; the unpacked bytes are never kept.
 */
export async function checkZipSizes(data: Buffer, limits: ZipLimits): Promise<ZipVerdict> {
  let zip: yauzl.ZipFile;
  try {
    zip = await fromBuffer(data, { lazyEntries: true, validateEntrySizes: true, autoClose: false });
  } catch {
    return 'unreadable';
  }
  try {
    const entries = await readEntries(zip, limits);
    if (entries === 'too-large') return entries;
    for (const entry of entries) await drain(zip, entry);
    return 'ok';
  } catch {
    return 'unreadable';
  } finally {
    zip.close();
  }
}

function readEntries(zip: yauzl.ZipFile, limits: ZipLimits): Promise<yauzl.Entry[] | 'too-large'> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    let total = 0;
    zip.on('entry', (entry: yauzl.Entry) => {
      total += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (
        total > limits.maxUnpackedBytes ||
        (entry.uncompressedSize > RATIO_FLOOR && ratio > limits.maxRatio)
      ) {
        resolve('too-large');
        return;
      }
      if (!entry.fileName.endsWith('/')) entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

async function drain(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<void> {
  const open = promisify(zip.openReadStream.bind(zip)) as (e: yauzl.Entry) => Promise<NodeJS.ReadableStream>;
  const stream = await open(entry);

  for await (const _chunk of stream) {
    /* the sizes are what is checked; the bytes are dropped */
  }
}
