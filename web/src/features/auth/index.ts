/**
 * The sign-in feature's public entry (ADR 0033): the sign-in card, its alert, the new password fields and the
 * call hook, for the pages an e-mailed link opens (a new password, a forgotten one).
 */
export { SignInCard } from './sign-in-card';
export { SignInAlert } from './sign-in-feedback';
export { NewPasswordFields } from './new-password-fields';
export { emptyPasswords, staffPasswordHint, type PasswordValues } from './password-rules';
export { useCall } from './use-call';
