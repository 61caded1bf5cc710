import { messages } from '@sp/domain';
import type { RegisterOptions } from 'react-hook-form';

export interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const emptyPasswords: PasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** What a new password must be (D5); the server checks it and answers with the broken rule. */
export const newPasswordHint =
  'At least 8 characters. Not your date of birth, student ID or a common password.';

export const staffPasswordHint = 'At least 8 characters. Not your username or a common password.';

/** A parent's (D50): there is no student ID or date of birth to compare. */
export const parentPasswordHint = 'At least 8 characters. Not a common password.';

const required = (value: string) => value.length > 0 || messages.required;

export const passwordRules = {
  oldPassword: { validate: required },
  newPassword: { validate: required },
  // D5: a mismatch is reported here and nothing is sent.
  confirmPassword: {
    validate: (value: string, values: PasswordValues) =>
      value === values.newPassword || messages.passwordsDoNotMatch,
  },
} satisfies { [K in keyof PasswordValues]: RegisterOptions<PasswordValues, K> };
