import type { MailData } from './data.js';
import { compose, type Template } from './template.js';

/** A link that proves the address reaches the family (or the staff member) before any other e-mail goes there. */
export const confirmAddress: Template<MailData['confirm_address']> = (d, s, school) =>
  compose(s, d, school, { link: d.link });
