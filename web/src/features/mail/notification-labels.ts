import type { NotificationKind } from '@sp/domain';

/** What each notification is, as a family would name it (translated where shown). */
export const notificationLabels: Record<NotificationKind, string> = {
  report_cards_posted: 'report cards posted',
  document_rejected: 'a document sent back',
  deadline_reminder: 'registration deadline reminders',
  password_reset_by_staff: 'a password reset by the school',
};
