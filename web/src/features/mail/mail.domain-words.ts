import { forgotPasswordMessage } from '@sp/domain';
import { notificationLabels } from './notification-labels';

/** The mail pages' texts that are not macros (the domain's answer, the e-mails' names), for family.po. */
export const TRANSLATED = [
  forgotPasswordMessage('student'),
  forgotPasswordMessage('account'),
  notificationLabels,
];
