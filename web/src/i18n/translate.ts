import { i18n } from '@lingui/core';

/**
 * A text the domain package or the server wrote in English (a field's label, an error message), in the
 * language in use. Its ID in the catalogues is the text itself (web/domain-words-extractor.ts); a text no
 * catalogue has stays as it is.
 */
export const translated = (text: string): string => i18n._(text);
