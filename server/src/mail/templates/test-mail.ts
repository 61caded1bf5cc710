import type { MailData } from './data.js';
import { compose, type Template } from './template.js';

/** Sent from Settings to check that the mail server takes the portal's e-mail. */
export const testMail: Template<MailData['test']> = (d, s, school) => compose(s, d, school, {});
