/**
 * The staff second factor's public entry (ADR 0033): the staff area shows the Confirm it's you dialog over
 * every page, and its route table opens the Sign-in security page.
 */
export { ConfirmItsYouDialog } from './confirm-its-you-dialog';
