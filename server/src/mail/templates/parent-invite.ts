import type { MailData } from './data.js';
import { compose, type Template } from './template.js';

/** An invitation to link a child to a parent account, sent to a confirmed parent address of the record. */
export const parentInvite: Template<MailData['parent_invite']> = (d, s, school) =>
  compose(s, d, school, { link: d.link });
