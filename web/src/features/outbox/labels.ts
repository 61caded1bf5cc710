import type { MailKind, OutboxStatus } from '@sp/domain';

/** The statuses as the office reads them, in the filter's order. */
export const STATUS_LABELS: Readonly<Record<OutboxStatus, string>> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  unsent: 'Not sent',
};

export const STATUS_COLORS = {
  queued: 'info',
  sending: 'info',
  sent: 'success',
  failed: 'error',
  unsent: 'warning',
} as const satisfies Record<OutboxStatus, string>;

export const KIND_LABELS: Readonly<Record<MailKind, string>> = {
  confirm_address: 'Address confirmation',
  password_reset_link: 'Password link',
  staff_password_reset_link: 'Staff password link',
  report_cards_posted: 'Report cards posted',
  document_rejected: 'Document rejected',
  deadline_reminder: 'Deadline reminder',
  password_reset_by_staff: 'Password reset by staff',
  test: 'Test e-mail',
};

/** A failed or unsent message may be put back in the queue; the others are on their way or gone. */
export const canResend = (status: OutboxStatus) => status === 'failed' || status === 'unsent';
