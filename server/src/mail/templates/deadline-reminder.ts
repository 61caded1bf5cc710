import type { MailData } from './data.js';
import { compose, type Template } from './template.js';

/** Three days before the registration deadline, to families who have not submitted yet. */
export const deadlineReminder: Template<MailData['deadline_reminder']> = (d, s, school) =>
  compose(s, d, school, { link: d.link });
