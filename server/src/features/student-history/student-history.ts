import { and, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  DOCUMENT_CHECK_LABELS,
  DOCUMENT_LABELS,
  HISTORY_ACTION_LABELS,
  fieldHeadingOf,
  formatPhone,
  messages,
  studentField,
  type DocumentCheckStatus,
  type DocumentType,
  type StudentHistory,
  type StudentHistoryEntry,
  type StudentHistoryQuery,
} from '@sp/domain';
import type { AppContext } from '../../context.js';
import { auditLog, parents, schoolYears, staffUsers, students } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { assertMayActOn, type Actor } from '../../plugins/auth.js';
import { loadLookupNames, lookupName, type LookupNames } from '../../shared/lookup-names.js';
import { yearView } from '../../shared/year-view.js';

type AuditRow = typeof auditLog.$inferSelect;

/** A stored field value as the form shows it: Yes/No, 1868 phones, lookup names. */
function readable(field: string | null, value: string | null, names: LookupNames): string | null {
  const def = field ? studentField(field) : undefined;
  if (value === null || !def) return value;
  if (def.control === 'flag') return value === '1' ? 'Yes' : 'No';
  if (def.control === 'phone') return formatPhone(value);
  if (def.control === 'lookup') return lookupName(names, def.name, value);
  return value;
}

function documentMarks(detail: Record<string, unknown>): string | null {
  const marks = detail.received;
  if (typeof marks !== 'object' || marks === null) return null;
  return Object.entries(marks)
    .map(([type, v]) => {
      const label = DOCUMENT_LABELS[type as DocumentType] ?? type;
      return `${label}: ${v === 1 ? 'received' : v === 0 ? 'not received' : String(v)}`;
    })
    .join('; ');
}

const documentLabel = (type: string | null): string | null =>
  type === null ? null : (DOCUMENT_LABELS[type as DocumentType] ?? type);
const checkLabel = (status: string | null): string =>
  status === null ? 'Not checked' : (DOCUMENT_CHECK_LABELS[status as DocumentCheckStatus] ?? status);

function toEntry(
  row: AuditRow,
  names: LookupNames,
  actors: ReadonlyMap<string, string>,
): StudentHistoryEntry {
  const detail = (row.detail ?? {}) as Record<string, unknown>;
  const base = {
    id: row.id,
    at: row.at.toISOString(),
    actor_kind: row.actor_kind,
    actor_id: row.actor_id,
    actor_name: row.actor_id ? (actors.get(`${row.actor_kind}:${row.actor_id.toLowerCase()}`) ?? null) : null,
    action: row.action,
    what: HISTORY_ACTION_LABELS[row.action] ?? row.action,
    field: row.field,
    field_label: row.field ? fieldHeadingOf(row.field) : null,
    old_value: null,
    new_value: null,
  };
  switch (row.action) {
    case 'upload':
      // The stored values are the server's file names; the family's own file name is what staff know.
      return {
        ...base,
        what: detail.replaced ? 'Replaced a document' : 'Uploaded a document',
        field_label: documentLabel(row.field),
        new_value: typeof detail.name === 'string' ? detail.name : null,
      };
    case 'document_check':
      // The spec's 1/0 marks name several documents at once; a check names one, with its old and new state.
      if (row.field === null) return { ...base, what: 'Marked originals', new_value: documentMarks(detail) };
      return {
        ...base,
        field_label: documentLabel(row.field),
        old_value: checkLabel(row.old_value),
        new_value:
          checkLabel(row.new_value) + (typeof detail.reason === 'string' ? `: ${detail.reason}` : ''),
      };
    case 'parent_unlink':
    case 'parent_active': {
      // The account as staff knew it then: name and address, and for parent_active what became of it.
      const account = [detail.name, typeof detail.email === 'string' && `<${detail.email}>`]
        .filter((part) => typeof part === 'string' && part !== '')
        .join(' ');
      return {
        ...base,
        field_label: account || null,
        new_value:
          row.action === 'parent_unlink' ? null : row.new_value === 'off' ? 'Turned off' : 'Turned on',
      };
    }
    default:
      // Whatever an audit row holds as old and new values is shown, readable where the field is known.
      return {
        ...base,
        old_value: readable(row.field, row.old_value, names),
        new_value: readable(row.field, row.new_value, names),
      };
  }
}

const idsOf = (page: readonly AuditRow[], kind: string) => [
  ...new Set(page.filter((r) => r.actor_kind === kind && r.actor_id).map((r) => r.actor_id!.toLowerCase())),
];

/**
 * The names of who acted in a page of the trail, by `kind:id`: staff by full name (their lower-case username,
 * as sign-in ignores case), a parent account as the school addresses it, "Mrs Ali (parent)" (D50).
 */
async function actorNames(ctx: AppContext, page: readonly AuditRow[]): Promise<Map<string, string>> {
  const usernames = idsOf(page, 'admin');
  const parentIds = idsOf(page, 'parent')
    .filter((id) => /^\d{1,9}$/.test(id))
    .map(Number);
  const [staff, parentRows] = await Promise.all([
    usernames.length === 0
      ? []
      : ctx.db
          .select({ username: staffUsers.username, full_name: staffUsers.full_name })
          .from(staffUsers)
          .where(inArray(sql`lower(${staffUsers.username})`, usernames)),
    parentIds.length === 0
      ? []
      : ctx.db
          .select({ id: parents.id, name: parents.name })
          .from(parents)
          .where(inArray(parents.id, parentIds)),
  ]);
  return new Map([
    ...staff.map((r): [string, string] => [`admin:${r.username.toLowerCase()}`, r.full_name]),
    ...parentRows.map((r): [string, string] => [`parent:${r.id}`, `${r.name} (parent)`]),
  ]);
}

/**
 * The rows of a closed school year: what happened while it was the current one, from the moment it was opened
 * (a year no rollover opened: its first day, midnight at the school) up to the moment it was closed, the
 * rollover's own lines included (they are written at that moment). Its dates would not do: a year rolled over
 * in June or July has the new year's intake, re-registration and "Nothing has changed" before its ends_on.
 * The current year's history stays the whole trail, as it always was: staff read a student's past there too
 * (the years before school years were kept, a correction of last year's record), and a closed year's part is
 * one choice of the year selector away.
 */
async function duringYear(ctx: AppContext, year: number | undefined): Promise<SQL | undefined> {
  const view = await yearView(ctx.db, year);
  if (!view.past || !view.year) return undefined;
  const [row] = await ctx.db
    .select({ opened_at: schoolYears.opened_at, closed_at: schoolYears.closed_at })
    .from(schoolYears)
    .where(eq(schoolYears.year, view.year.year));
  const midnight = (day: SQL) => sql`((${day})::timestamp at time zone ${ctx.config.SCHOOL_TIMEZONE})`;
  return and(
    gte(auditLog.at, row?.opened_at ?? midnight(sql`${view.year.starts_on}::date`)),
    // A closed year has its closed_at; the last day's end stands in should a row ever lack it.
    row?.closed_at
      ? lte(auditLog.at, row.closed_at)
      : lt(auditLog.at, midnight(sql`${view.year.ends_on}::date + 1`)),
  );
}

/**
 * One student's audit trail, newest first, a page at a time (D8), or a closed year's part of it. Health values
 * are shown as any other field: staff may read them, and they go to the answer only, never to the server's log.
 */
export async function studentHistory(
  ctx: AppContext,
  actor: Actor,
  studentId: string,
  query: StudentHistoryQuery,
): Promise<StudentHistory> {
  assertMayActOn(actor, studentId);
  const [student] = await ctx.db.select({ id: students.id }).from(students).where(eq(students.id, studentId));
  if (!student) throw notFound(messages.noStudent);
  const during = await duringYear(ctx, query.year);
  // Ids grow with every row written, so they order the trail and make a cursor that paging cannot skip.
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.student_id, studentId),
        during,
        query.before === undefined ? undefined : lt(auditLog.id, query.before),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const [names, actors] = await Promise.all([loadLookupNames(ctx.db), actorNames(ctx, page)]);
  return {
    entries: page.map((row) => toEntry(row, names, actors)),
    next_before: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}
