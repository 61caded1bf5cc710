import type { FileStore } from './file-store.js';

export interface MoveReport {
  moved: number;
  /** Already in the target (an earlier run stopped after copying): only removed from the source. */
  alreadyThere: number;
  bytes: number;
}

/**
 * Moves every file of one store into the other: copy (streamed), check the size, then remove from the
 * source. Running it again skips what is done, so an interrupted move is finished by running it again.
 */
export async function moveFiles(
  from: FileStore,
  to: FileStore,
  progress: (report: MoveReport, total: number) => void = () => undefined,
): Promise<MoveReport> {
  const keys: string[] = [];
  for await (const key of from.keys()) keys.push(key);
  const report: MoveReport = { moved: 0, alreadyThere: 0, bytes: 0 };
  for (const key of keys) {
    const size = await from.size(key);
    if (size === null) continue;
    if ((await to.size(key)) === size) {
      report.alreadyThere += 1;
    } else {
      const { stream } = await from.read(key);
      await to.put(key, stream);
      const copied = await to.size(key);
      if (copied !== size) throw new Error(`${key}: copied ${copied ?? 0} of ${size} bytes; nothing removed`);
      report.moved += 1;
      report.bytes += size;
    }
    await from.remove(key);
    progress(report, keys.length);
  }
  return report;
}
