import type { DocumentType } from '@sp/domain';

/**
 * What each kind of e-mail needs (D52). Names, terms and reasons are plain text as typed: the layout escapes
 * them for HTML. Links are absolute (publicUrl). What a language words differently (a date, a term, a
 * document's name) comes as data, and each language's strings put it in words.
 */
export interface MailData {
  /** `whose`: who the address is for, e.g. the student's or the staff member's name. */
  confirm_address: { link: string; whose: string };
  password_reset_link: { link: string; studentName: string; minutes: number };
  staff_password_reset_link: { link: string; name: string; minutes: number };
  /** `term`: the school year (2026 is 2026-2027) and the term in it. */
  report_cards_posted: { studentName: string; term: { year: number; term: number }; link: string };
  document_rejected: { studentName: string; document: DocumentType; reason: string; link: string };
  /** `deadline`: yyyy-MM-dd. */
  deadline_reminder: { studentName: string; deadline: string; link: string };
  password_reset_by_staff: { studentName: string; link: string };
  /** D50: a student (or a linked parent) invites a parent address of the record to the parent portal. */
  parent_invite: { link: string; childName: string };
  /** D50: a parent account's own e-mails; `name` as the school addresses them, e.g. "Mrs Ali". */
  parent_confirm: { link: string; name: string };
  /** `link`: the parent sign-in page; the e-mail also names the way to a new password. */
  parent_account_exists: { link: string; name: string };
  parent_password_reset_link: { link: string; name: string; minutes: number };
  /** D51: another administrator reset a staff member's second factor; `link`: the staff sign-in page. */
  second_factor_reset: { link: string; name: string; by: string };
  test: { sentBy: string };
}
