import type { MailData } from './data.js';
import { compose, type Template } from './template.js';

/** The office refused an uploaded document: the school's reason, quoted, and the way back to the Documents step. */
export const documentRejected: Template<MailData['document_rejected']> = (d, s, school) =>
  compose(s, d, school, { link: d.link, quote: d.reason });
