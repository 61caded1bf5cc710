import type { MailData } from './data.js';
import { compose, type Template } from './template.js';

/** The office posted (or the schedule released) a term's report card for this student. */
export const reportCardsPosted: Template<MailData['report_cards_posted']> = (d, s, school) =>
  compose(s, d, school, { link: d.link });
