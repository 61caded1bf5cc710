import {
  ROLLOVER_CONFLICTS_SHOWN,
  type RolloverPlan,
  type RolloverPreview,
  type RolloverPreviewConflict,
  type RolloverRow,
} from './rollover-plan.js';
import { ROLLOVER_PAGE_SIZE, type RolloverPreviewQuery } from './rollover-schemas.js';

type PreviewPart = Pick<
  RolloverPreview,
  'conflicts' | 'conflicts_total' | 'student_classes' | 'students' | 'students_total' | 'offset' | 'limit'
>;

/** Whether a row answers the search: its ID, first or last name (or its name as shown) starts with it, case aside. */
function searchFor(q: string | undefined): (row: RolloverRow) => boolean {
  if (!q) return () => true;
  const prefix = q.toLowerCase();
  const starts = (text: string) => text.toLowerCase().startsWith(prefix);
  // Only a search with a space or comma can be the start of a whole name.
  const whole = /[ ,]/.test(prefix);
  return (r) =>
    starts(r.student_id) ||
    starts(r.first_name) ||
    starts(r.last_name) ||
    (whole && (starts(`${r.last_name}, ${r.first_name}`) || starts(`${r.first_name} ${r.last_name}`)));
}

/** One pass over the plan's rows: the page asked for, how many match, and the students per class now. */
function pageOf(rows: readonly RolloverRow[], query: RolloverPreviewQuery) {
  const offset = query.offset ?? 0;
  const limit = query.limit ?? ROLLOVER_PAGE_SIZE;
  const search = searchFor(query.q);
  const page: RolloverRow[] = [];
  const perClass = new Map<string | null, number>();
  let total = 0;
  for (const r of rows) {
    const classId = r.from.class_id;
    perClass.set(classId, (perClass.get(classId) ?? 0) + 1);
    if (query.class_id !== undefined && (classId ?? '') !== query.class_id) continue;
    if (query.marked === '1' && r.mark === null) continue;
    if (!search(r)) continue;
    if (total >= offset && page.length < limit) page.push(r);
    total++;
  }
  const byName = new Intl.Collator('en', { numeric: true }).compare;
  const student_classes = [...perClass]
    .map(([class_id, students]) => ({ class_id, students }))
    // The students in no class last.
    .sort((a, b) => (a.class_id === null ? 1 : b.class_id === null ? -1 : byName(a.class_id, b.class_id)));
  return { students: page, students_total: total, student_classes, offset, limit };
}

/**
 * The first conflicts, each with the way to fix it: a student's own row, or the classes whose move fixes a
 * class (the class itself, or the classes of the students it stops: a missing class is where they would go).
 */
function shownConflicts(plan: RolloverPlan): RolloverPreviewConflict[] {
  const shown = plan.conflicts.slice(0, ROLLOVER_CONFLICTS_SHOWN);
  const studentIds = new Set(shown.flatMap((c) => (c.student_id ? [c.student_id] : [])));
  const classIds = new Set(shown.flatMap((c) => (c.student_id === null && c.class_id ? [c.class_id] : [])));
  const rowOf = new Map<string, RolloverRow>();
  const fixes = new Map<string, Set<string>>();
  for (const r of plan.students) {
    if (studentIds.has(r.student_id)) rowOf.set(r.student_id, r);
    const from = r.from.class_id;
    if (!r.problem || !from) continue;
    for (const key of new Set([from, r.next?.class_id]))
      if (key && classIds.has(key)) fixes.set(key, (fixes.get(key) ?? new Set()).add(from));
  }
  return shown.map((c) => ({
    ...c,
    student: c.student_id ? (rowOf.get(c.student_id) ?? null) : null,
    fix_classes: c.student_id === null && c.class_id ? [...(fixes.get(c.class_id) ?? [])].sort() : [],
  }));
}

/**
 * What `GET /api/admin/rollover/preview` answers of a plan besides its counts: the page of its rows the query
 * asks for and the first conflicts. Linear in the school's size, so a school of 100,000 pages in a blink.
 */
export function previewPart(plan: RolloverPlan, query: RolloverPreviewQuery): PreviewPart {
  return {
    ...pageOf(plan.students, query),
    conflicts: shownConflicts(plan),
    conflicts_total: plan.conflicts.length,
  };
}
