import type { ResultImport, ResultPreview } from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useFileImport } from '../../components/use-file-import';
import { importResults, previewResults } from './api/term-results';
import { termKeys } from './api/query-keys';
import { useLingui } from '@lingui/react/macro';

/** Choose → preview → confirm a term's results file (the term is chosen first). */
export function useResultsImport(termId: number | null) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const refuse = () => Promise.reject(new Error(t`Choose a term first.`));
  return useFileImport<ResultPreview, ResultImport>({
    preview: (file, onProgress) => (termId === null ? refuse() : previewResults(termId, file, onProgress)),
    confirm: (file, onProgress) => (termId === null ? refuse() : importResults(termId, file, onProgress)),
    checkingLabel: t`Checking the rows…`,
    importingLabel: t`Saving the results…`,
    onImported: () => queryClient.invalidateQueries({ queryKey: termKeys.all }),
  });
}
