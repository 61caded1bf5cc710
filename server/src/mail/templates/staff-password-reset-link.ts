import type { MailData } from './data.js';
import { compose, type Template } from './template.js';

/** A single-use link to choose a new password, sent to a staff member's own confirmed address. */
export const staffPasswordResetLink: Template<MailData['staff_password_reset_link']> = (d, s, school) =>
  compose(s, d, school, { link: d.link });
