import type { ImportPreview, ImportResult } from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useFileImport } from '../../components/use-file-import';
import { confirmImport, importHistoryQuery, previewImport } from './api/import-students';
import { studentKeys } from '../students/api/query-keys';

/** Choose → preview → confirm a student file; afterwards the history and the students table reload. */
export function useImportFlow() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useFileImport<ImportPreview, ImportResult>({
    preview: previewImport,
    confirm: confirmImport,
    checkingLabel: t`Checking the rows…`,
    importingLabel: t`Importing…`,
    onImported: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: importHistoryQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: studentKeys.all }),
      ]),
  });
}
