import type { Language, MailKind } from '@sp/domain';
import { publicUrl, type Config } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import { readSettings } from '../shared/settings.js';
import { confirmAddress } from './templates/confirm-address.js';
import type { MailData } from './templates/data.js';
import { layout, type RenderedMail, type SchoolBrand } from './templates/layout.js';
import { deadlineReminder } from './templates/deadline-reminder.js';
import { documentRejected } from './templates/document-rejected.js';
import { parentAccountExists } from './templates/parent-account-exists.js';
import { parentConfirm } from './templates/parent-confirm.js';
import { parentInvite } from './templates/parent-invite.js';
import { parentPasswordResetLink } from './templates/parent-password-reset-link.js';
import { passwordResetByStaff } from './templates/password-reset-by-staff.js';
import { passwordResetLink } from './templates/password-reset-link.js';
import { reportCardsPosted } from './templates/report-cards-posted.js';
import { secondFactorReset } from './templates/second-factor-reset.js';
import { staffPasswordResetLink } from './templates/staff-password-reset-link.js';
import { en, type KindStrings } from './templates/strings.js';
import { es, STAFF_MAIL_KINDS, type FamilyMailKind } from './templates/strings-es.js';
import type { Template } from './templates/template.js';
import { testMail } from './templates/test-mail.js';

export type { MailData, RenderedMail, SchoolBrand };

const TEMPLATES: { [K in MailKind]: Template<MailData[K]> } = {
  confirm_address: confirmAddress,
  password_reset_link: passwordResetLink,
  staff_password_reset_link: staffPasswordResetLink,
  report_cards_posted: reportCardsPosted,
  document_rejected: documentRejected,
  deadline_reminder: deadlineReminder,
  password_reset_by_staff: passwordResetByStaff,
  parent_invite: parentInvite,
  parent_confirm: parentConfirm,
  parent_account_exists: parentAccountExists,
  parent_password_reset_link: parentPasswordResetLink,
  second_factor_reset: secondFactorReset,
  test: testMail,
};

export interface RenderOptions {
  /** A notification's per-address unsubscribe link, shown in the footer (see unsubscribe.ts). */
  unsubscribeLink?: string;
  /** The recipient account's language (null: not chosen, English). Staff e-mails are always English. */
  language?: Language | null;
}

const isFamilyKind = (kind: MailKind): kind is FamilyMailKind =>
  !(STAFF_MAIL_KINDS as readonly MailKind[]).includes(kind);

/**
 * One e-mail's subject, plain text and HTML (D52). Plain template literals, no engine: a posting renders one
 * e-mail per address, thousands in the event's transaction.
 */
export function renderMail<K extends MailKind>(
  kind: K,
  data: MailData[K],
  brand: SchoolBrand,
  options: RenderOptions = {},
): RenderedMail {
  const template = TEMPLATES[kind];
  const strings = options.language === 'es' && isFamilyKind(kind) ? es : en;
  const words = (strings as Record<K, KindStrings<MailData[K]>>)[kind];
  return layout(template(data, words, brand.name), brand, strings.layout, options.unsubscribeLink);
}

/** The school as its e-mails show it: the name from Settings (else SCHOOL_NAME), the logo if any, the portal. */
export async function schoolBrand(
  tx: Pick<Tx | Db, 'select'>,
  config: Pick<Config, 'SCHOOL_NAME' | 'PUBLIC_URL' | 'PORT'>,
): Promise<SchoolBrand> {
  const s = await readSettings(tx, ['school_name', 'school_logo']);
  return {
    name: s.school_name ?? config.SCHOOL_NAME,
    hasLogo: s.school_logo !== null,
    url: publicUrl(config),
  };
}
