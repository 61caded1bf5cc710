/** This process's processor time so far, in milliseconds (all its threads, user and system). */
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export interface Probed<T> {
  result: T;
  /** Wall time of the work. */
  ms: number;
  /** Processor time this process spent while the work ran: the work done, whatever else the machine ran. */
  cpuMs: number;
  /** The longest the event loop went without a turn, counted in work done (see probeEventLoop). */
  heldMs: number;
}

/**
 * Runs `work` with a probe on the event loop (a timer every millisecond) and measures the longest stretch
 * between two turns of the probe, the last ending when the work does. A stretch counts the lesser of its wall
 * time and the processor time the process used in it: while a loaded machine runs other processes, the loop
 * waits but is not held by us, so the figure does not grow with the machine's load; work that never lets the
 * loop turn counts in full.
 */
export async function probeEventLoop<T>(work: () => Promise<T>): Promise<Probed<T>> {
  const now = () => ({ wall: performance.now(), cpu: cpuMs() });
  const started = now();
  let last = started;
  let held = 0;
  const turn = () => {
    const at = now();
    held = Math.max(held, Math.min(at.wall - last.wall, at.cpu - last.cpu));
    last = at;
  };
  const probe = setInterval(turn, 1);
  try {
    const result = await work();
    turn();
    return {
      result,
      ms: Math.round(last.wall - started.wall),
      cpuMs: Math.round(last.cpu - started.cpu),
      heldMs: Math.round(held),
    };
  } finally {
    clearInterval(probe);
  }
}
