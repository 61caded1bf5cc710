import { messages, parentMessages } from '@sp/domain';
import { badResponseMessage, networkErrorMessage, unknownErrorMessage } from '../api/api-error';

/**
 * The English texts the sign-in pages show that are not macros (the server's answers, the shared schemas'
 * messages, a failed call's), for first-screen.po (web/domain-words-extractor.ts).
 */
export const TRANSLATED = {
  messages,
  parentMessages,
  calls: [networkErrorMessage, badResponseMessage, unknownErrorMessage],
};
