/** The clock on the wall in `timeZone` at one moment, as a UTC timestamp with the same digits. */
export function wallClock(at: Date, timeZone: string): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return new Date(Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second));
}

/** Minutes east of UTC of a time zone at one moment (−240 for Port of Spain). */
const offsetMinutes = (at: Date, timeZone: string): number =>
  Math.round((wallClock(at, timeZone).getTime() - Math.floor(at.getTime() / 1000) * 1000) / 60_000);

/** The first moment after `after` when the clock on the wall in `timeZone` reads `time` (HH:MM). */
export function nextBackupAt(after: Date, time: string, timeZone: string): Date {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const local = new Date(after.getTime() + offsetMinutes(after, timeZone) * 60_000);
  for (let days = 0; days <= 2; days += 1) {
    const wall = Date.UTC(
      local.getUTCFullYear(),
      local.getUTCMonth(),
      local.getUTCDate() + days,
      hour,
      minute,
    );
    // The zone's offset at that wall time (asked twice for a day when it changes).
    let at = wall - offsetMinutes(new Date(wall), timeZone) * 60_000;
    at = wall - offsetMinutes(new Date(at), timeZone) * 60_000;
    if (at > after.getTime()) return new Date(at);
  }
  throw new Error('unreachable');
}

/**
 * The nightly backup's schedule on an injectable clock: `tick` (every minute on the server, by hand in
 * tests) runs the backup once the time has come, then waits for the next night. A missed night (the portal
 * was off) is not made up at start: the next one is taken at its time.
 */
export class NightlySchedule {
  next: Date;
  private running = false;

  constructor(
    private readonly options: {
      time: string;
      timeZone: string;
      clock: () => Date;
      run: (now: Date) => Promise<unknown>;
      onError: (err: unknown) => void;
    },
  ) {
    this.next = nextBackupAt(options.clock(), options.time, options.timeZone);
  }

  async tick(): Promise<boolean> {
    const now = this.options.clock();
    if (this.running || now < this.next) return false;
    this.running = true;
    this.next = nextBackupAt(now, this.options.time, this.options.timeZone);
    try {
      await this.options.run(now);
      return true;
    } catch (err) {
      this.options.onError(err);
      return false;
    } finally {
      this.running = false;
    }
  }
}
