import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dateInZone } from '@sp/domain';
import { enrolments, registrationProgress, registrationWindows, students } from '../db/schema.js';
import { createStudent } from '../test/factories.js';
import { familyAddresses, queued } from '../test/mail-recipients.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { DailyMail } from './daily.js';

/** Port of Spain is UTC−4 all year: 07:00 there is 11:00 UTC. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.example.org', MAIL_DAILY_TIME: '07:00' });
});
afterAll(() => t.close());

const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const setClock = (iso: string) => t.clock.advance(new Date(iso).getTime() - t.clock.now().getTime());
const window = (form_level: number, open: number, deadline: string) =>
  t.database.db
    .update(registrationWindows)
    .set({ open, deadline })
    .where(eq(registrationWindows.form_level, form_level));

describe('the daily deadline reminder', () => {
  it('goes at 07:00 school time, once across two processes, to families of forms closing in 3 days who have not submitted', async () => {
    const db = t.database.db;
    const day = addDays(dateInZone(new Date()), 1);
    await window(2, 1, addDays(day, 3));
    await window(3, 1, addDays(day, 4));
    await window(4, 0, addDays(day, 3));
    const make = async (first_name: string, class_id: string, confirmed = true) => {
      const s = await createStudent(db, { first_name, class_id });
      return { ...s, ...(await familyAddresses(db, s.id, { confirmed })) };
    };
    const due = await make('Ada', '2A');
    const submitted = await make('Ben', '2A');
    await db.insert(registrationProgress).values({ student_id: submitted.id, submit: new Date() });
    const withdrawn = await make('Cy', '2A');
    await db.update(students).set({ withdrawn_at: new Date() }).where(eq(students.id, withdrawn.id));
    const leaver = await make('Dee', '2A');
    await db
      .update(enrolments)
      .set({ status: 'left' })
      .where(and(eq(enrolments.student_id, leaver.id)));
    await make('Eli', '2A', false);
    const later = await make('Fay', '3A');
    await make('Gus', '4A');

    const one = new DailyMail(t.app.ctx);
    const second = await t.secondProcess();
    try {
      const two = new DailyMail(second.ctx);
      setClock(`${day}T06:59:00-04:00`);
      expect(await one.tick()).toBeNull();
      expect(await queued(db, 'deadline_reminder')).toEqual([]);

      setClock(`${day}T07:00:00-04:00`);
      const runs = await Promise.all([one.tick(), two.tick(), one.tick()]);
      expect(runs.filter((r) => r !== null)).toEqual([1]);
      setClock(`${day}T09:30:00-04:00`);
      expect([await one.tick(), await two.tick()]).toEqual([null, null]);
      const [mail, ...more] = await queued(db, 'deadline_reminder');
      expect(more).toEqual([]);
      expect(mail!.to).toBe(due.mother);
      expect(mail!.subject).toBe(`Registration closes on ${longDay(addDays(day, 3))}`);
      expect(mail!.text).toContain(`Ada ${due.last_name}'s registration is not finished yet.`);
      expect(mail!.text).toContain('https://portal.example.org/registration');

      // The next school day, Form 3's deadline is three days away; a process started late still sends it.
      setClock(`${addDays(day, 1)}T15:00:00-04:00`);
      expect(await new DailyMail(second.ctx).tick()).toBe(1);
      expect(await one.tick()).toBeNull();
      expect((await queued(db, 'deadline_reminder')).map((m) => m.to)).toEqual([due.mother, later.mother]);
    } finally {
      await second.close();
    }
  });
});

const longDay = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
