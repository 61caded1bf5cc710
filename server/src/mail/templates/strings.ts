import type { MailKind } from '@sp/domain';
import type { MailData } from './data.js';

/**
 * Every English word the e-mails show, in one table keyed by kind (D52): a second language is a second table
 * of the same type. Values are plain text; the layout escapes them for HTML. Keep them short: most families
 * read these on a phone.
 */
export interface KindStrings<D> {
  subject: (d: D, school: string) => string;
  heading: (d: D) => string;
  lines: (d: D, school: string) => string[];
  /** The button's label; absent when the e-mail has no link. */
  button?: string;
  /** Said after the button, e.g. how long the link works. */
  after?: (d: D) => string[];
  /** The label over words quoted from someone else (the school's reason). */
  quoteLabel?: string;
}

export type MailStrings = { [K in MailKind]: KindStrings<MailData[K]> } & {
  layout: {
    linkHint: string;
    unsubscribe: string;
    unsubscribeWhy: (school: string) => string;
    automatic: (school: string) => string;
  };
};

const ignoreIfNotYou = 'If you did not ask for this, you can ignore this e-mail.';
const minutesLeft = (d: { minutes: number }) => [
  `The link works once, for ${d.minutes} minutes.`,
  ignoreIfNotYou,
];

export const en: MailStrings = {
  layout: {
    linkHint: 'If the button does not work, open this link:',
    unsubscribe: 'Stop these e-mails',
    unsubscribeWhy: (school) => `You get this e-mail because ${school} has this address confirmed.`,
    automatic: (school) => `Sent automatically by ${school}'s student portal.`,
  },
  confirm_address: {
    subject: (_d, school) => `Confirm your e-mail address for ${school}`,
    heading: () => 'Confirm your e-mail address',
    lines: (d, school) => [
      `${school} was asked to send e-mail about ${d.whose} to this address.`,
      'Confirm it to get password links and news from the school.',
    ],
    button: 'Confirm this address',
    after: () => ['The link works once, for 7 days.', ignoreIfNotYou],
  },
  password_reset_link: {
    subject: (d) => `Choose a new password for ${d.studentName}`,
    heading: () => 'Choose a new password',
    lines: (d) => [`Someone asked to choose a new portal password for ${d.studentName}.`],
    button: 'Choose a new password',
    after: minutesLeft,
  },
  staff_password_reset_link: {
    subject: () => 'Choose a new staff password',
    heading: () => 'Choose a new password',
    lines: (d) => [`Someone asked to choose a new password for the staff account of ${d.name}.`],
    button: 'Choose a new password',
    after: minutesLeft,
  },
  report_cards_posted: {
    subject: (d) => `${d.studentName}'s report card for ${d.term} is ready`,
    heading: () => 'A report card is ready',
    lines: (d, school) => [`${school} has posted ${d.studentName}'s report card for ${d.term}.`],
    button: 'See the report card',
  },
  document_rejected: {
    subject: (d) => `Please upload the ${d.document} again`,
    heading: (d) => `The ${d.document} was not accepted`,
    lines: (d, school) => [`${school} could not accept the ${d.document} uploaded for ${d.studentName}.`],
    quoteLabel: "The school's reason:",
    button: 'Go to Documents',
    after: () => ['Please upload a new one on the Documents step.'],
  },
  deadline_reminder: {
    subject: (d) => `Registration closes on ${d.deadline}`,
    heading: () => 'Registration closes soon',
    lines: (d) => [
      `${d.studentName}'s registration is not finished yet.`,
      `Please complete and submit it by ${d.deadline}.`,
    ],
    button: 'Finish the registration',
  },
  password_reset_by_staff: {
    subject: (d) => `${d.studentName}'s password was reset`,
    heading: () => 'The password was reset',
    lines: (d, school) => [
      `${school} has reset the portal password of ${d.studentName}.`,
      'Sign in with the student ID and the date of birth (yyyymmdd, e.g. 20130409 for 9 April 2013) as the password; you will then choose a new one.',
      'If you did not ask the school for this, please contact the office.',
    ],
    button: 'Sign in',
  },
  test: {
    subject: (_d, school) => `Test e-mail from ${school}`,
    heading: () => 'Test e-mail',
    lines: (d, school) => [
      `${d.sentBy} sent this test from ${school}'s portal settings.`,
      'If you can read it, e-mail from the portal works.',
    ],
  },
};
