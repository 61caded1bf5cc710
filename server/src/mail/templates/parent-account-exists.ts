import type { MailData } from './data.js';
import { compose, type Template } from './template.js';

/**
 * A sign-up for an address that already has a confirmed account: the page answered as for a new one, so only
 * the address's owner learns that the account exists (D50).
 */
export const parentAccountExists: Template<MailData['parent_account_exists']> = (d, s, school) =>
  compose(s, d, school, { link: d.link });
