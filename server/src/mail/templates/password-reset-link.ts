import type { MailData } from './data.js';
import { compose, type Template } from './template.js';

/** A single-use link to choose a new student password, sent to the student's confirmed addresses. */
export const passwordResetLink: Template<MailData['password_reset_link']> = (d, s, school) =>
  compose(s, d, school, { link: d.link });
