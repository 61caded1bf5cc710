import {
  chooseFromListMessage,
  messages,
  stepCompletion,
  stepsDoneThisYear,
  studentField,
  type RegistrationStep,
  type StepProgress,
  type StudentFields,
} from '@sp/domain';
import { auditActor, type AuditEntry } from '../../audit/audit.js';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { closedMessage, registrationFromWindow } from '../../shared/registration-window.js';
import { progressFromRow } from '../../shared/student-record.js';
import type { SaveRead } from './read-for-save.js';
import { refuseLeaver } from '../../shared/school-years.js';

export const STAFF_ONLY_MESSAGE = 'Class and house are set by the school.';

const asText = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
};

export interface SavePlan {
  changed: string[];
  progress: StepProgress;
  /** Whether the stored progress must be written (a step completed or undone). */
  progressChanged: boolean;
  audit: AuditEntry[];
}

/** Checks a save against what was read and works out what it changes; throws the 4xx a bad save gets. */
export function planSave(
  ctx: AppContext,
  actor: Actor,
  id: string,
  changes: StudentFields,
  current: SaveRead,
): SavePlan {
  if (actor.kind === 'student') {
    if (current) refuseLeaver(current.year);
    const registration = registrationFromWindow(ctx, current?.formLevel ?? null, current?.window);
    if (!registration.open) throw new AppError(403, closedMessage(registration.status));
  }
  const lookups = current?.lookups ?? {};
  const wrong = Object.keys(lookups).filter((field) => !lookups[field]);
  if (wrong.length)
    throw new AppError(
      400,
      chooseFromListMessage,
      wrong.map((field) => ({ field, message: chooseFromListMessage })),
    );
  if (!current) throw notFound(messages.noStudent);
  const before = current.fields;
  const changed = Object.keys(changes).filter((k) => asText(before[k]) !== asText(changes[k]));
  // A record posted back whole carries class and house unchanged; only changing them is refused.
  const staffOnly = changed.filter((k) => studentField(k)?.staffOnly);
  if (actor.kind === 'student' && staffOnly.length) {
    throw new AppError(
      403,
      STAFF_ONLY_MESSAGE,
      staffOnly.map((field) => ({ field, message: STAFF_ONLY_MESSAGE })),
    );
  }
  const { progress, progressChanged } = stepsAfter(current, changes);
  const who = auditActor(actor);
  const now = ctx.clock();
  const audit = changed.map((field): AuditEntry => ({
    ...who,
    action: 'student_update',
    studentId: id,
    field,
    oldValue: asText(before[field]),
    newValue: asText(changes[field]),
    at: now,
  }));
  return { changed, progress, progressChanged, audit };
}

/** The steps complete after the save, and whether that differs from what is stored. */
function stepsAfter(current: NonNullable<SaveRead>, changes: StudentFields) {
  const stored = progressFromRow(current.progress ?? undefined);
  const touched = new Set<RegistrationStep>(
    Object.keys(changes)
      .map((k) => studentField(k)?.step)
      .filter((step) => step !== undefined),
  );
  const healthSaved = stored.healthData || touched.has('healthData');
  // Uploads keep the documents mark up to date; a field save cannot change it.
  const progress = stepsDoneThisYear(
    stepCompletion({ ...current.fields, ...changes }, { healthSaved, documentsComplete: stored.documents }),
    { returning: current.year.returning, stored, touched },
  );
  const progressChanged =
    !current.progress ||
    (Object.keys(progress) as (keyof StepProgress)[]).some((step) => progress[step] !== stored[step]);
  return { progress, progressChanged };
}
