import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MailKind, OutboxStatus } from '@sp/domain';

/** The statuses as the office reads them, in the filter's order. */
export const STATUS_LABELS: Readonly<Record<OutboxStatus, MessageDescriptor>> = {
  queued: msg`Queued`,
  sending: msg`Sending`,
  sent: msg`Sent`,
  failed: msg`Failed`,
  unsent: msg`Not sent`,
};

export const STATUS_COLORS = {
  queued: 'info',
  sending: 'info',
  sent: 'success',
  failed: 'error',
  unsent: 'warning',
} as const satisfies Record<OutboxStatus, string>;

export const KIND_LABELS: Readonly<Record<MailKind, MessageDescriptor>> = {
  confirm_address: msg`Address confirmation`,
  password_reset_link: msg`Password link`,
  staff_password_reset_link: msg`Staff password link`,
  report_cards_posted: msg`Report cards posted`,
  document_rejected: msg`Document rejected`,
  deadline_reminder: msg`Deadline reminder`,
  password_reset_by_staff: msg`Password reset by staff`,
  parent_invite: msg`Parent portal invitation`,
  parent_confirm: msg`Parent account confirmation`,
  parent_account_exists: msg`Parent account already exists`,
  parent_password_reset_link: msg`Parent password link`,
  second_factor_reset: msg`Second factor reset`,
  test: msg`Test e-mail`,
};

/** A failed or unsent message may be put back in the queue; the others are on their way or gone. */
export const canResend = (status: OutboxStatus) => status === 'failed' || status === 'unsent';
