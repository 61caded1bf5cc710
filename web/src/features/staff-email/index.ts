/**
 * A staff member's e-mail forms' public entry (ADR 0033): Settings shows the test e-mail form, the staff
 * account page the member's own address.
 */
export { OwnEmailCard } from './own-email-card';
export { TestEmailForm } from './test-email-card';
