/**
 * What each kind of e-mail needs (D52). Names, terms and reasons are plain text as typed: the layout escapes
 * them for HTML. Links are absolute (publicUrl). Dates are already in words ("1 September 2027").
 */
export interface MailData {
  /** `whose`: who the address is for, e.g. the student's or the staff member's name. */
  confirm_address: { link: string; whose: string };
  password_reset_link: { link: string; studentName: string; minutes: number };
  staff_password_reset_link: { link: string; name: string; minutes: number };
  report_cards_posted: { studentName: string; term: string; link: string };
  document_rejected: { studentName: string; document: string; reason: string; link: string };
  deadline_reminder: { studentName: string; deadline: string; link: string };
  password_reset_by_staff: { studentName: string; link: string };
  test: { sentBy: string };
}
