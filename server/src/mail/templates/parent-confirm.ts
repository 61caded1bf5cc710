import type { MailData } from './data.js';
import { compose, type Template } from './template.js';

/** The link that confirms a new parent account's address (D50): the account signs in only once it is opened. */
export const parentConfirm: Template<MailData['parent_confirm']> = (d, s, school) =>
  compose(s, d, school, { link: d.link });
