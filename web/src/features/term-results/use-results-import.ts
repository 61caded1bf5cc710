import type { ResultImport, ResultPreview } from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useFileImport } from '../../components/use-file-import';
import { importResults, previewResults } from './api/term-results';
import { termKeys } from './api/query-keys';

/** Choose → preview → confirm a term's results file (the term is chosen first). */
export function useResultsImport(termId: number | null) {
  const queryClient = useQueryClient();
  const refuse = () => Promise.reject(new Error('Choose a term first.'));
  return useFileImport<ResultPreview, ResultImport>({
    preview: (file, onProgress) => (termId === null ? refuse() : previewResults(termId, file, onProgress)),
    confirm: (file, onProgress) => (termId === null ? refuse() : importResults(termId, file, onProgress)),
    checkingLabel: 'Checking the rows…',
    importingLabel: 'Saving the results…',
    onImported: () => queryClient.invalidateQueries({ queryKey: termKeys.all }),
  });
}
