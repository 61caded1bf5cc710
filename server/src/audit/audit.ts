import { sql, type Placeholder } from 'drizzle-orm';
import type { Db, Values } from '../db/client.js';
import { insertJsonRows } from '../db/json-rows.js';
import { auditLog } from '../db/schema.js';
import type { Actor } from '../plugins/auth.js';

export type AuditAction =
  | 'login'
  | 'login_failed'
  | 'login_refused'
  | 'admin_login'
  | 'admin_login_failed'
  /** D51: a staff member set up, removed or renewed their own second factor (detail.change). */
  | 'second_factor'
  | 'logout'
  | 'password_change'
  | 'password_change_failed'
  | 'password_reset'
  | 'student_update'
  | 'upload'
  | 'document_check'
  | 'export'
  | 'import'
  | 'post_term'
  | 'unpost_term'
  | 'schedule_term'
  | 'term_update'
  | 'subject_update'
  | 'term_results_import'
  | 'term_result_update'
  | 'staff_user'
  | 'student_add'
  | 'student_withdraw'
  | 'student_reinstate'
  | 'student_reenrol'
  | 'report_cards_export'
  | 'backup'
  | 'restore'
  | 'settings_change'
  | 'step_unchanged'
  | 'rollover'
  | 'rollover_undo'
  | 'rollover_mark'
  | 'year_end'
  | 'class_add'
  | 'class_remove'
  | 'mail_resend'
  | 'password_link_request'
  | 'password_link_use'
  | 'address_confirm_link'
  | 'address_confirm'
  | 'staff_email_change'
  | 'parent_login'
  | 'parent_login_failed'
  | 'parent_sign_up'
  | 'parent_link'
  | 'parent_unlink'
  | 'parent_invite'
  | 'parent_active'
  | 'family_code_issue';

export interface AuditEntry {
  action: AuditAction;
  /** As stored: 'admin' is any staff member, in old rows and new alike (ADR 0036); see `auditActorKind`. */
  actorKind: 'student' | 'admin' | 'parent' | 'system' | 'anonymous';
  actorId?: string | null;
  studentId?: string | null;
  field?: string | null;
  oldValue?: string | null;
  newValue?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown> | null;
  at: Date;
}

const toRow = (e: AuditEntry): typeof auditLog.$inferInsert => ({
  at: e.at,
  action: e.action,
  actor_kind: e.actorKind,
  actor_id: e.actorId ?? null,
  student_id: e.studentId ?? null,
  field: e.field ?? null,
  old_value: e.oldValue ?? null,
  new_value: e.newValue ?? null,
  ip: e.ip ?? null,
  detail: e.detail ?? null,
});

const AUDIT_COLUMNS = Object.keys(toRow({ action: 'login', actorKind: 'system', at: new Date(0) }));

/** An audit row of placeholders, for a statement built once (see runNamed); `auditValues` fills them. */
export const auditPlaceholders = (): Record<keyof typeof auditLog.$inferInsert, Placeholder> =>
  Object.fromEntries(AUDIT_COLUMNS.map((c) => [c, sql.placeholder(`audit_${c}`)])) as Record<
    keyof typeof auditLog.$inferInsert,
    Placeholder
  >;

/** The values of `auditPlaceholders` for one entry. */
export const auditValues = (e: AuditEntry): Values =>
  Object.fromEntries(Object.entries(toRow(e)).map(([c, v]) => [`audit_${c}`, v]));

/** Writes audit rows; pass the transaction's handle so the rows commit with the change they describe. */
export async function writeAudit(db: Pick<Db, 'execute'>, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  // One statement per few thousand rows: an import's history of 24,000 changed marks is written in five.
  await insertJsonRows(db, auditLog, list.map(toRow));
}

/**
 * The stored kind of an acting user: a staff member's rows say 'admin', as every row written before staff had
 * a kind of their own did, so the history reads all rows alike without rewriting the log.
 */
export const auditActorKind = (kind: Actor['kind']): AuditEntry['actorKind'] =>
  kind === 'staff' ? 'admin' : kind;

/**
 * Who is acting, for audit rows. A parent acting for a child is recorded as the parent (D50): kind `parent`,
 * the account's id, which the history shows as "Mrs Ali (parent)".
 */
export function auditActor(actor: Actor | null): Pick<AuditEntry, 'actorKind' | 'actorId' | 'ip'> {
  if (!actor) return { actorKind: 'anonymous', actorId: null, ip: null };
  if (actor.kind === 'student' && actor.parent)
    return { actorKind: 'parent', actorId: String(actor.parent.id), ip: actor.ip };
  return { actorKind: auditActorKind(actor.kind), actorId: actor.id, ip: actor.ip };
}
