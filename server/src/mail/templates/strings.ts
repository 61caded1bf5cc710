import { DOCUMENT_LABELS, academicYearLabel, longDateOf, type MailKind } from '@sp/domain';
import type { MailData } from './data.js';

/**
 * Every English word the e-mails show, in one table keyed by kind (D52); the Spanish is a second table of the
 * same type (strings-es.ts), so a kind without its Spanish fails the typecheck. Values are plain text; the layout escapes them for HTML. Keep them short: most families
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
    /** The HTML's lang attribute. */
    lang: string;
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

const termOf = (t: { year: number; term: number }) => `Term ${t.term} of ${academicYearLabel(t.year)}`;
const documentOf = (d: { document: keyof typeof DOCUMENT_LABELS }) => DOCUMENT_LABELS[d.document];

export const en: MailStrings = {
  layout: {
    lang: 'en',
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
    subject: (d) => `${d.studentName}'s report card for ${termOf(d.term)} is ready`,
    heading: () => 'A report card is ready',
    lines: (d, school) => [`${school} has posted ${d.studentName}'s report card for ${termOf(d.term)}.`],
    button: 'See the report card',
  },
  document_rejected: {
    subject: (d) => `Please upload the ${documentOf(d)} again`,
    heading: (d) => `The ${documentOf(d)} was not accepted`,
    lines: (d, school) => [`${school} could not accept the ${documentOf(d)} uploaded for ${d.studentName}.`],
    quoteLabel: "The school's reason:",
    button: 'Go to Documents',
    after: () => ['Please upload a new one on the Documents step.'],
  },
  deadline_reminder: {
    subject: (d) => `Registration closes on ${longDateOf(d.deadline)}`,
    heading: () => 'Registration closes soon',
    lines: (d) => [
      `${d.studentName}'s registration is not finished yet.`,
      `Please complete and submit it by ${longDateOf(d.deadline)}.`,
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
  parent_invite: {
    subject: (_d, school) => `Join ${school}'s parent portal`,
    heading: () => 'You are invited to the parent portal',
    lines: (d, school) => [
      `${school} was asked to invite you to follow ${d.childName} in the parent portal.`,
      'Open the link, sign in or create a parent account, and the child is linked to it.',
    ],
    button: 'Link to my account',
    after: () => ['The link works once, for 7 days.', ignoreIfNotYou],
  },
  parent_confirm: {
    subject: (_d, school) => `Confirm your parent account for ${school}`,
    heading: () => 'Confirm your e-mail address',
    lines: (d, school) => [
      `Someone created a parent account for ${d.name} with this address in ${school}'s portal.`,
      'Confirm the address, then sign in as a parent.',
    ],
    button: 'Confirm this address',
    after: () => ['The link works once, for 7 days.', ignoreIfNotYou],
  },
  parent_account_exists: {
    subject: (_d, school) => `You already have a parent account for ${school}`,
    heading: () => 'You already have an account',
    lines: () => [
      'Someone tried to create a parent account with this address, which already has one.',
      'Sign in as a parent. If you forgot the password, choose "Forgot your password?" on the sign-in page.',
    ],
    button: 'Sign in',
    after: () => [ignoreIfNotYou],
  },
  parent_password_reset_link: {
    subject: () => 'Choose a new parent password',
    heading: () => 'Choose a new password',
    lines: (d) => [`Someone asked to choose a new password for the parent account of ${d.name}.`],
    button: 'Choose a new password',
    after: minutesLeft,
  },
  second_factor_reset: {
    subject: () => 'Your second factor was reset',
    heading: () => 'Your second factor was reset',
    lines: (d, school) => [
      `${d.by} has reset the second factor of the staff account of ${d.name} in ${school}'s portal.`,
      'Your authenticator app, passkeys and recovery codes no longer work for it. Sign in with your password and set up a new one.',
      'If you did not ask for this, tell the office at once.',
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
