import type { MailData } from './data.js';
import { compose, type Template } from './template.js';

/** The office reset the student's password: the family learns of it, in case they did not ask. */
export const passwordResetByStaff: Template<MailData['password_reset_by_staff']> = (d, s, school) =>
  compose(s, d, school, { link: d.link });
