import type { DocumentType } from '@sp/domain';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { notifyStudents } from '../../mail/notify.js';

/**
 * D52: the family hears that the office refused a document, with the school's reason and the way back to the
 * Documents step, in the check's own transaction. Saving the same rejection again tells nobody twice.
 */
export async function mailRejection(
  tx: Tx,
  ctx: AppContext,
  input: { student_id: string; type: DocumentType; reason: string | null },
  before: { status: string | null; reason: string | null } | undefined,
  now: Date,
): Promise<void> {
  const reason = input.reason ?? '';
  if (before?.status === 'rejected' && (before.reason ?? '') === reason) return;
  await notifyStudents(
    tx,
    ctx,
    'document_rejected',
    [input.student_id],
    (s, url) => ({
      studentName: s.name,
      document: input.type,
      reason,
      link: `${url}/registration/documents`,
    }),
    now,
  );
}
