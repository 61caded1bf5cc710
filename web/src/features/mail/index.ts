/** The e-mail feature's public entry (ADR 0033): the family's addresses, for the Complete step. */
export { EmailAddresses } from './email-addresses';
