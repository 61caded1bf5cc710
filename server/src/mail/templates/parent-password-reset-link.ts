import type { MailData } from './data.js';
import { compose, type Template } from './template.js';

/** A single-use link to choose a new parent password, sent to the account's own (confirmed) address. */
export const parentPasswordResetLink: Template<MailData['parent_password_reset_link']> = (d, s, school) =>
  compose(s, d, school, { link: d.link });
