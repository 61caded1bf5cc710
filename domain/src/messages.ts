/** User-facing messages: spec sections 5 and 8, with the spelling fixes of D10. */
export const messages = {
  // What the server answers a family in English; the web app shows it from its catalogues by this text.
  linkNotValid: 'This link has expired or has already been used. Ask for a new one.',
  unsubscribeLinkNotValid: 'This link is not valid.',
  reportNoSuchTerm: 'There is no report for that term.',
  reportNotPosted: 'This report has not been posted yet.',
  reportNoCard: 'There is no report card for this student in that term.',
  reportNoSuchStudent: 'There is no student with that ID.',
  required: 'This field is required.',
  invalidEmail: 'Invalid e-mail',
  invalidStudentEmail: 'Invalid e-mail.',
  phoneDigits: '7 Digits Needed',
  onlyNumbers: 'Only Numbers Allowed',
  phoneHint: 'Enter 7 digits only',
  /**
   * Date boxes show the browser's own format, so the messages name no pattern. A date box cannot tell a
   * missing part from a day that does not exist (31/02/2014): its one message covers both.
   */
  dateIncomplete: 'Enter a real date, with its day, month and year.',
  dateNotReal: 'Enter a real date.',
  numberHint: 'Enter number only',
  passwordsDoNotMatch: 'Passwords do not match.',
  loginFailed: 'The student ID or password is incorrect.',
  adminLoginFailed: 'The username or password is incorrect.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  usernameEmpty: 'Username field empty',
  selectFile: 'Please select a file!',
  uploadFailed: 'Could not upload the file!',
  errorOccurred: 'Error Occurred.',
  updating: 'Updating',
  updatedSuccessfully: 'Updated Successfully.',
  editRequired: 'Required',
  notSignedIn: 'Please sign in.',
  forbidden: 'You are not allowed to do that.',
  /** A withdrawn student's correct sign-in (D29); shown only after the password matched. */
  withdrawn:
    'This student is no longer enrolled, so the portal is closed to this ID. Please contact the school office.',
  passwordChangeRequired: 'Please set a new password first.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  csrfMissing: 'The security token is missing or out of date. Reload the page and try again.',
  notFound: 'Not found.',
  noStudent: 'No student with that ID.',
  serverError: 'Something went wrong on our side. Please try again.',
  lookupDisabled: 'Student ID look-up is not available.',
  passwordTooShort: `Use at least 8 characters.`,
  passwordTooLong: `Use at most 128 characters.`,
  passwordIsBirthDate: 'The password cannot be the date of birth.',
  passwordIsStudentId: 'The password cannot be the student ID.',
  passwordIsUsername: 'The password cannot be the username.',
  passwordTooCommon: 'This password is too common. Choose another.',
  wrongOldPassword: 'The old password is incorrect.',
  controlCharacters: 'Remove the invisible control characters from this field.',
  brokenCharacter: 'This text holds a broken character. Please type it again.',
} as const;

const inMinutes = (minutes: number) => `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

/** A 429 at sign-in, saying when to try again (D5). */
export const tooManyAttemptsFor = (minutes: number): string =>
  `Too many sign-in attempts. Please try again in ${inMinutes(minutes)}.`;

/** A 429 of the routes that e-mail a link (a forgotten password, an address to confirm), D52. */
export const tooManyRequestsFor = (minutes: number): string =>
  `Too many requests. Please try again in ${inMinutes(minutes)}.`;

export const tooLong = (max: number): string => `At most ${max} characters.`;
