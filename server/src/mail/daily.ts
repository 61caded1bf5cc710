import { sql } from 'drizzle-orm';
import { NOT_ENROLLED_STATUSES, timestampInZone } from '@sp/domain';
import type { AppContext } from '../context.js';
import { dailyRuns } from '../db/schema.js';
import { notifyStudents } from './notify.js';

/** The reminder goes this many days before a form's registration deadline (D52). */
export const REMINDER_DAYS_BEFORE = 3;
const JOB = 'deadline_reminder';

const addDays = (isoDate: string, days: number): string => {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/**
 * The day's deadline reminders, once per school day however many processes ask: the daily_runs row is the
 * claim, written in the same transaction as the e-mails, so a failed run leaves no claim behind. To every
 * student still at the school (not withdrawn, not a leaver this year) in a form whose registration is open
 * and closes in three days, who has not submitted. Answers the e-mails queued, or null when another process
 * (or an earlier tick) had the day.
 */
export async function sendDeadlineReminders(ctx: AppContext, now: Date): Promise<number | null> {
  const today = timestampInZone(now, ctx.config.SCHOOL_TIMEZONE).slice(0, 10);
  const deadline = addDays(today, REMINDER_DAYS_BEFORE);
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(dailyRuns)
      .values({ job: JOB, day: today, at: now })
      .onConflictDoNothing()
      .returning({ day: dailyRuns.day });
    if (claimed.length === 0) return null;
    const result = await tx.execute(sql`
      select s.id from students s
      join form_classes c on c.class_id = s.class_id
      join registration_windows w on w.form_level = c.form_level and w.open = 1 and w.deadline = ${deadline}
      join school_years y on y.state = 'current'
      join enrolments e on e.student_id = s.id and e.year = y.year
      left join registration_progress p on p.student_id = s.id
      where s.withdrawn_at is null and p.submit is null
        and e.status <> 'withdrawn' and e.status <> all(${sql.param([...NOT_ENROLLED_STATUSES])}::text[])`);
    const ids = (result as { rows: { id: string }[] }).rows.map((r) => r.id);
    return notifyStudents(
      tx,
      ctx,
      'deadline_reminder',
      ids,
      (s, url) => ({ studentName: s.name, deadline, link: `${url}/registration` }),
      now,
    );
  });
}

/**
 * Runs the reminders at MAIL_DAILY_TIME in the school's zone (`tick` each minute on the server, by hand in
 * tests). A process started after that time still sends the day's reminders then, unless another one did:
 * the deadline is still three days away that day, and not the next.
 */
export class DailyMail {
  private doneDay: string | null = null;
  private running = false;

  constructor(private readonly ctx: AppContext) {}

  async tick(): Promise<number | null> {
    const { MAIL_DAILY_TIME: time, SCHOOL_TIMEZONE: zone } = this.ctx.config;
    const now = this.ctx.clock();
    const wall = timestampInZone(now, zone);
    const day = wall.slice(0, 10);
    if (time === 'off' || this.running || this.doneDay === day || wall.slice(11, 16) < time) return null;
    this.running = true;
    try {
      const sent = await sendDeadlineReminders(this.ctx, now);
      this.doneDay = day;
      return sent;
    } catch (err) {
      this.ctx.log.error({ err }, 'deadline reminders failed');
      return null;
    } finally {
      this.running = false;
    }
  }
}

/** Ticks DailyMail every minute until stopped. */
export function startDailyMail(ctx: AppContext, everyMs = 60_000): () => void {
  const daily = new DailyMail(ctx);
  const timer = setInterval(() => void daily.tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
