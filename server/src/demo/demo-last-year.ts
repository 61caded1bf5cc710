import type { RolloverMarkUpdate } from '@sp/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { registrationWindows } from '../db/schema.js';
import { setStudentMark } from '../features/rollover/marks.js';
import type { Actor } from '../plugins/auth.js';
import { DEMO_FIRST_NAMES, SEXES, type DemoStudent } from './demo-names.js';
import { registerUpTo } from './demo-progress.js';

/**
 * The demo school's closed year (D49): this year's Forms 2–5 one form lower, last year's Form 5 who
 * graduated, a student who left, one who moved to another school, and a student repeating Form 3. This year's
 * Form 1 were still at primary school.
 */

/** Repeats Form 3: in 3A last year and this year. */
export const DEMO_REPEATER = '2026027';
/** Left the school at the end of last year; still signs in to read last year's report cards. */
export const DEMO_LEAVER = '2025113';
export const DEMO_TRANSFER = { id: '2025114', school: 'Naparima College' } as const;

/** A student of this year's list in last year's class: one form lower, the repeater in the same class. */
export function lastYearClass(s: DemoStudent): string | null {
  if (s.id === DEMO_REPEATER) return s.class_id;
  const form = Number(s.class_id[0]);
  return form > 1 ? `${form - 1}${s.class_id.slice(1)}` : null;
}

const LAST = ['Boodram', 'Camacho', 'De Freitas', 'Gopaul', 'Hosein', 'Jaggernauth', 'Look Loy', 'Phillip'];

/** Last year's students who are not in this year's list: Form 5 who graduated, the leaver and the transfer. */
export function formerStudents(): (DemoStudent & { mark: RolloverMarkUpdate | null })[] {
  const classes = [...['A', 'B', 'C', 'D'].flatMap((c) => [`5${c}`, `5${c}`, `5${c}`]), '3B', '2D'];
  return classes.map((class_id, k) => {
    const sex = SEXES[k % 2]!;
    const id = `2025${101 + k}`;
    const birthYear = 2025 - 11 - Number(class_id[0]);
    return {
      id,
      first_name: DEMO_FIRST_NAMES[sex][(k * 3 + 1) % 10]!,
      last_name: LAST[(k * 5) % LAST.length]!,
      date_of_birth: `${birthYear}-${String(1 + (k % 12)).padStart(2, '0')}-${String(3 + k).padStart(2, '0')}`,
      class_id,
      sex,
      withPassword: id === DEMO_LEAVER,
      mark:
        id === DEMO_LEAVER
          ? { mark: 'leaving', school: null }
          : id === DEMO_TRANSFER.id
            ? { mark: 'transferring', school: DEMO_TRANSFER.school }
            : null,
    };
  });
}

const ADMIN: Actor = { kind: 'staff', id: 'admin', ip: null, userId: 0, role: 'admin' };
const at = (ctx: AppContext, day: string): AppContext => ({
  ...ctx,
  clock: () => new Date(`${day}T13:00:00Z`),
});

/**
 * Last year as the school lived it: Form 2 registered in September (every step, all four documents, the
 * terms, the office's checks), and in June the office marked the repeater, the leaver and the transfer.
 */
export async function seedLastYear(
  ctx: AppContext,
  year: number,
  lastYear: readonly DemoStudent[],
): Promise<void> {
  const formTwo = lastYear.filter((s) => s.class_id.startsWith('2') && s.id !== DEMO_TRANSFER.id);
  const window = (open: number, deadline: string | null) =>
    ctx.db.update(registrationWindows).set({ open, deadline }).where(eq(registrationWindows.form_level, 2));
  await window(1, `${year}-09-30`);
  for (const [k, student] of formTwo.entries())
    await registerUpTo(ctx, student, 6, 50 + k, Date.parse(`${year}-09-0${1 + (k % 9)}T12:00:00Z`));
  await window(0, null);
  const marks: [string, RolloverMarkUpdate][] = [
    [DEMO_REPEATER, { mark: 'repeating', school: null }],
    ...formerStudents().flatMap((s) => (s.mark ? [[s.id, s.mark] as [string, RolloverMarkUpdate]] : [])),
  ];
  for (const [id, mark] of marks) await setStudentMark(at(ctx, `${year + 1}-06-26`), ADMIN, id, mark);
}

export { ADMIN as DEMO_ADMIN, at as onDay };
