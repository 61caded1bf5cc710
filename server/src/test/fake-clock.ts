/** A clock the test moves by hand, to check idle and absolute timeouts without waiting. */
export class FakeClock {
  private ms: number;
  constructor(start = new Date('2026-09-01T12:00:00Z')) {
    this.ms = start.getTime();
  }
  readonly now = (): Date => new Date(this.ms);
  advance(ms: number): void {
    this.ms += ms;
  }
  advanceMinutes(minutes: number): void {
    this.advance(minutes * 60_000);
  }
}
