import { DOCUMENT_LABELS, messages, uploadMessages } from '@sp/domain';

/**
 * The English texts the documents step shows that are not macros, for documents.po
 * (web/domain-words-extractor.ts): the documents' names, the domain's word for a failed upload and the
 * server's upload refusals that carry no number (shown as the server sent them, translated by their text). The
 * refusals with numbers are written as macros in photos/messages.ts instead.
 */
export const TRANSLATED = {
  documents: Object.values(DOCUMENT_LABELS),
  upload: [
    messages.uploadFailed,
    uploadMessages.empty,
    uploadMessages.wrongType,
    uploadMessages.pictureType,
    uploadMessages.badName,
    uploadMessages.noFile,
    uploadMessages.malformed,
  ],
};
