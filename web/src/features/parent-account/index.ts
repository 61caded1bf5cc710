/** The parent account's public entry (ADR 0033): its sign-in form, shown by the sign-in page (D50). */
export { ParentSignInPage } from './parent-sign-in-page';
