import { sql } from 'drizzle-orm';
import { IMPORT_COLUMNS, csvFile, dateInZone, defaultYearDates } from '@sp/domain';
import type { AppContext } from '../context.js';
import { registrationWindows, studentAccounts, students, towns } from '../db/schema.js';
import { confirmRollover } from '../features/rollover/confirm.js';
import { previewRollover } from '../features/rollover/plan-input.js';
import { importStudents } from '../features/student-import/import-students.js';
import { hashPassword } from '../shared/passwords.js';
import { currentYear } from '../shared/school-years.js';
import { seedDemoContacts } from './demo-contacts.js';
import { seedDemoDocuments } from './demo-documents.js';
import { seedDemoParents } from './demo-parents.js';
import { seedDemoSpanish } from './demo-spanish.js';
import { DEMO_ADMIN, DEMO_REPEATER, onDay, seedLastYear } from './demo-last-year.js';
import { demoNewIntake, seedDemoProgress } from './demo-progress.js';
import { seedReRegistration } from './demo-re-registration.js';
import {
  DEMO_PASSWORD,
  demoDetails,
  demoHouse,
  demoStudents,
  lastYearStudents,
  seedDemoSchool,
  type DemoStudent,
} from './demo-school.js';

/** The form whose returning students are re-registering now (the others' windows stay closed). */
export const DEMO_RE_REGISTERING_FORM = 3;

/** The admin previews the rollover and confirms it as previewed, as the New School Year page does. */
async function rollOver(ctx: AppContext, year: number) {
  const preview = await previewRollover(ctx);
  if (preview.conflicts.length) throw new Error(`demo rollover: ${preview.conflicts[0]!.message}`);
  return confirmRollover(ctx, DEMO_ADMIN, {
    from_year: year,
    to_year: year + 1,
    ...defaultYearDates(year + 1),
    plan_hash: preview.plan_hash,
  });
}

/** This year's Form 1 with their index in the demo's lists (for the house and details). */
function formOne(): { student: DemoStudent; i: number }[] {
  const all = [...demoStudents(), ...demoNewIntake()];
  return all.flatMap((student, i) => (student.class_id.startsWith('1') ? [{ student, i }] : []));
}

/**
 * The new Form 1 through Import Students, as the office loads the list from the Ministry's placements;
 * then what their primary schools sent (sex, birth certificate, town) and, for those who have signed in
 * since, the password they chose.
 */
async function importIntake(ctx: AppContext, opened: number, now: Date) {
  const intake = formOne();
  const row = ({ student: s, i }: (typeof intake)[number]) => ({
    id: s.id,
    last_name: s.last_name,
    first_name: s.first_name,
    sea_no: `SEA${s.date_of_birth.slice(0, 4)}${String(i).padStart(4, '0')}`,
    class_id: s.class_id,
    date_of_birth: s.date_of_birth,
    house_code: demoHouse(i),
    entry_date: `${opened}-09-01`,
  });
  const data = csvFile([
    IMPORT_COLUMNS.map((c) => c.label),
    ...intake.map((x) => {
      const r = row(x);
      return IMPORT_COLUMNS.map((c) => r[c.name]);
    }),
  ]);
  const result = await importStudents(ctx, DEMO_ADMIN, {
    name: `Form 1 ${opened}.csv`,
    data: Buffer.from(data),
  });
  if (result.counts.added !== intake.length) throw new Error(`demo intake: ${result.message}`);
  const townNames = (await ctx.db.select({ name: towns.town_name }).from(towns)).map((t) => t.name);
  for (const { student, i } of intake)
    await ctx.db
      .update(students)
      .set(demoDetails(student, i, townNames, now))
      .where(sql`${students.id} = ${student.id}`);
  const hash = await hashPassword(DEMO_PASSWORD);
  const chosen = intake.filter((x) => x.student.withPassword).map((x) => x.student.id);
  await ctx.db
    .update(studentAccounts)
    .set({ password_hash: hash, password_reset: 0 })
    .where(sql`${studentAccounts.student_id} = any(${sql.param(chosen)}::varchar[])`);
}

/** Opens a form's registration until `days` from now. */
const openWindow = (ctx: AppContext, form: number, days: number) =>
  ctx.db
    .update(registrationWindows)
    .set({ open: 1, deadline: dateInZone(new Date(ctx.clock().getTime() + days * 86_400_000)) })
    .where(sql`${registrationWindows.form_level} = ${form}`);

/**
 * The demo school's second year (D49), after seedDemoSchool built the first: last year's registration and
 * marks, the rollover (preview and confirm, in August), the new Form 1 imported into the new year, Form 1
 * registration and Form 3 re-registration open, documents of Forms 4–5 and their checks, each group part
 * way through, a parent account with two children, and a family that uses the portal in Spanish. Everything
 * the families and the office did goes through the app's own services.
 */
export async function seedDemoNewYear(ctx: AppContext): Promise<void> {
  const { year } = await currentYear(ctx.db);
  await seedLastYear(
    ctx,
    year,
    lastYearStudents().map((x) => x.student),
  );
  await rollOver(onDay(ctx, `${year + 1}-08-20`), year);
  await importIntake(onDay(ctx, `${year + 1}-08-24`), year + 1, ctx.clock());
  await openWindow(ctx, 1, 30);
  await openWindow(ctx, DEMO_RE_REGISTERING_FORM, 14);
  await seedDemoDocuments(ctx, demoStudents());
  await seedDemoProgress(ctx, demoNewIntake());
  const returning = demoStudents().filter(
    (s) => s.class_id.startsWith(String(DEMO_RE_REGISTERING_FORM)) && s.id !== DEMO_REPEATER,
  );
  await seedReRegistration(ctx, returning);
  await seedDemoContacts(ctx);
  await seedDemoParents(ctx);
  await seedDemoSpanish(ctx);
}

/** Both years on an empty database in one go (the tests' way; the demo command seeds the first before it listens). */
export async function seedWholeDemo(ctx: AppContext): Promise<boolean> {
  if (!(await seedDemoSchool(ctx.db, ctx.clock()))) return false;
  await seedDemoNewYear(ctx);
  return true;
}
