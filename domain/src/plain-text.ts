import { z } from 'zod';
import { messages } from './messages.js';

/**
 * Control characters other than tab and line breaks: a NUL cannot be stored by PostgreSQL, and none of them
 * belongs in a name, an address or a password (D15).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
export const hasNoControlCharacters = (v: string): boolean => !CONTROL_CHARACTERS.test(v);
/** Half of a character pair (a lone UTF-16 surrogate) cannot be stored or kept in the audit log's JSON. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isWellFormedText = (v: string): boolean => !LONE_SURROGATE.test(v);

/** Typed text: any string without control characters (tab and new lines are kept). */
export const plainText = (error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .refine(hasNoControlCharacters, messages.controlCharacters)
    .refine(isWellFormedText, messages.brokenCharacter);
