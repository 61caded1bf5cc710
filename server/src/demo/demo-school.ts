import { writeSetting } from '../shared/settings.js';
import { eq } from 'drizzle-orm';
import { defaultYearDates } from '@sp/domain';
import type { Db } from '../db/client.js';
import {
  formClasses,
  houses,
  schoolYears,
  settings,
  studentAccounts,
  students,
  towns,
} from '../db/schema.js';
import { hashPassword } from '../shared/passwords.js';
import { enrolInCurrentYear } from '../shared/school-years.js';
import { seedDemoStaff } from './demo-staff.js';
import { pastYear, seedDemoTermResults } from './demo-term-results.js';
import { formerStudents, lastYearClass } from './demo-last-year.js';
import { DEMO_FIRST_NAMES, SEXES, type DemoStudent } from './demo-names.js';

export { DEMO_FIRST_NAMES, type DemoStudent };

export const DEMO_PASSWORD = 'Portal-demo-2026';
export const DEMO_HOUSES = [
  { id: 'RED', name: 'Ruby House' },
  { id: 'BLU', name: 'Sapphire House' },
  { id: 'GRN', name: 'Emerald House' },
  { id: 'YEL', name: 'Topaz House' },
];

const LAST = [
  'Ali',
  'Baptiste',
  'Charles',
  'Dookie',
  'Edwards',
  'Francis',
  'Ganness',
  'Harripersad',
  'Joseph',
  'Khan',
  'Lewis',
  'Mohammed',
  'Noel',
  'Persad',
  'Ramdial',
  'Sealy',
  'Thomas',
  'Williams',
  'Young',
  'Maharaj',
];
/** A small deterministic generator, so every demo school is the same. */
function* sequence(seed: number): Generator<number> {
  let x = seed;
  for (;;) {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    yield x;
  }
}

/** 60 students, three in each of 20 classes (1A–5D); every tenth has a known password. */
export function demoStudents(): DemoStudent[] {
  const rnd = sequence(2026);
  const next = (n: number) => (rnd.next().value as number) % n;
  const out: DemoStudent[] = [];
  for (let form = 1; form <= 5; form++) {
    for (const stream of ['A', 'B', 'C', 'D']) {
      for (let k = 0; k < 3; k++) {
        const i = out.length;
        const sex = SEXES[i % 2]!;
        const names = DEMO_FIRST_NAMES[sex];
        const birthYear = 2026 - 11 - form;
        const month = String(1 + next(12)).padStart(2, '0');
        const day = String(1 + next(28)).padStart(2, '0');
        out.push({
          id: `2026${String(i + 1).padStart(3, '0')}`,
          first_name: names[(i * 7 + form) % names.length]!,
          last_name: LAST[(i * 3 + k) % LAST.length]!,
          date_of_birth: `${birthYear}-${month}-${day}`,
          class_id: `${form}${stream}`,
          sex,
          withPassword: i % 10 === 0,
        });
      }
    }
  }
  return out;
}

/** A demo student's details beyond the import's columns: what the primary school sent, and a town. */
export function demoDetails(s: DemoStudent, i: number, townNames: readonly string[], now: Date) {
  return {
    sex: s.sex,
    birth_cert_no: `${s.date_of_birth.slice(0, 4)}${String(100_000 + i * 7919).slice(0, 6)}`,
    address_line_2: townNames[(i * 11) % Math.max(townNames.length, 1)] ?? null,
    // Spread the last-update times so "newest first" shows.
    updated_at: new Date(now.getTime() - i * 3_600_000),
  };
}

/** The house of the i-th student of the demo's lists. */
export const demoHouse = (i: number): string => DEMO_HOUSES[i % DEMO_HOUSES.length]!.id;

/** Last year's students: this year's Forms 2–5 in last year's classes, and those who have gone since. */
export function lastYearStudents(): { student: DemoStudent; i: number }[] {
  const current = demoStudents().flatMap((s, i) => {
    const class_id = lastYearClass(s);
    return class_id ? [{ student: { ...s, class_id }, i }] : [];
  });
  return [...current, ...formerStudents().map((student, k) => ({ student, i: 100 + k }))];
}

/**
 * Fills an empty database with the demo school as it stood last year (D49): the migration made today's year
 * current, so that row becomes last year's first; the year after is opened by seedDemoNewYear, through the
 * rollover. Returns false when students exist already.
 */
export async function seedDemoSchool(db: Db, now: Date): Promise<boolean> {
  const [existing] = await db.select({ id: students.id }).from(students).limit(1);
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const list = lastYearStudents();
  const townNames = (await db.select({ name: towns.town_name }).from(towns)).map((t) => t.name);
  const year = pastYear(now);
  await db.transaction(async (tx) => {
    await tx
      .update(schoolYears)
      .set({ year, ...defaultYearDates(year) })
      .where(eq(schoolYears.state, 'current'));
    await tx.insert(houses).values(DEMO_HOUSES).onConflictDoNothing();
    await tx
      .insert(formClasses)
      .values(
        [1, 2, 3, 4, 5].flatMap((form_level) =>
          ['A', 'B', 'C', 'D'].map((s) => ({ class_id: `${form_level}${s}`, form_level })),
        ),
      )
      .onConflictDoNothing();
    await tx.insert(students).values(
      list.map(({ student: s, i }) => ({
        id: s.id,
        first_name: s.first_name,
        last_name: s.last_name,
        date_of_birth: s.date_of_birth,
        class_id: s.class_id,
        house_code: demoHouse(i),
        ...demoDetails(s, i, townNames, now),
      })),
    );
    await tx.insert(studentAccounts).values(
      list.map(({ student: s }) => ({
        student_id: s.id,
        password_hash: s.withPassword ? passwordHash : null,
        password_reset: s.withPassword ? 0 : 1,
      })),
    );
    await enrolInCurrentYear(
      tx,
      list.map(({ student: s }) => s.id),
    );
    await tx
      .insert(settings)
      .values({ key: 'id_lookup_enabled', value: true })
      .onConflictDoUpdate({ target: settings.key, set: { value: true } });
    // Anyone trying the demo signs in as the administrator with the password alone; Settings shows the rule
    // a real school would keep on (D51).
    await writeSetting(tx, 'second_factor_policy', 'optional', now);
  });
  await seedDemoStaff(db, now);
  await seedDemoTermResults(db, now);
  return true;
}
