/**
 * A document as the school holds it: checked by the office (verified, received on paper, rejected), else a
 * file waiting for a check, else nothing.
 */
export type DocumentState = 'verified' | 'received' | 'uploaded' | 'rejected' | 'missing';

/** The state from the office's check status (null: not checked) and whether a file is on record. */
export function documentState(status: string | null, hasFile: boolean): DocumentState {
  if (status === 'verified' || status === 'received' || status === 'rejected') return status;
  return hasFile ? 'uploaded' : 'missing';
}

/**
 * D42, the one meaning of "document done": uploaded and not rejected, or received or verified on paper. The
 * server's SQL (`documentDoneWhen`) says the same, and a test holds the two together.
 */
export const isDocumentDone = (state: DocumentState): boolean =>
  state === 'verified' || state === 'received' || state === 'uploaded';

/** D42 in words, where a count of done documents is shown. */
export const DOCUMENT_DONE_NOTE =
  'A document is done when it is uploaded and not rejected, or when the office received or verified the original.';
