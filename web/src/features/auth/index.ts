/**
 * The sign-in feature's public entry (ADR 0033): the sign-in card, its alert, the new password fields and the
 * call hook, for the pages an e-mailed link opens (a new password, a forgotten one), and the parts of the
 * sign-in form a parent's account pages share (D50).
 */
export { SignInCard } from './sign-in-card';
export { SignInAlert } from './sign-in-feedback';
export { NewPasswordFields } from './new-password-fields';
export { emptyPasswords, parentPasswordHint, staffPasswordHint, type PasswordValues } from './password-rules';
export { useCall } from './use-call';
export { preloadOnFirstInput, SignInOverlay } from './sign-in-feedback';
export { useSignInForm, type SignInForm } from './use-sign-in-form';
export { SignInAgainFrame } from './sign-in-again-frame';
export { SignInAs } from './sign-in-as';
export { DoneThenSignIn, StaffSignInFooter } from './sign-in-parts';
export { ChangePasswordCard } from './change-password-card';
