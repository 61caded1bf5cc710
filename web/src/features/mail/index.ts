/** The e-mail feature's public entry (ADR 0033): the family's addresses, for the Complete step. */
export { EmailAddresses } from './email-addresses';
/** The record's addresses, for the parent portal's invitations (D50). */
export { useContacts } from './api/contacts';
