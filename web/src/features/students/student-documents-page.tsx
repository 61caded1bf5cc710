import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { DOCUMENT_LABELS, type StoredFile } from '@sp/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { LoadingOverlay } from '../../components/loading-overlay';
import { FilePreviewDialog, useDocumentChecks } from '../registration';
import { DocumentCheckCard } from './document-check-card';
import { StudentPageHeading } from './student-page-heading';
import { Trans, useLingui } from '@lingui/react/macro';

/** /admin/students/{id}/documents: staff look at each document and mark it (D23). */
export function StudentDocumentsPage() {
  const { t } = useLingui();
  const studentId = useParams().studentId ?? '';
  const checks = useDocumentChecks(studentId);
  const [preview, setPreview] = useState<StoredFile | null>(null);
  const problem = checks.isError ? errorMessage(checks.error) : '';
  return (
    <Box sx={{ maxWidth: 760 }}>
      <StudentPageHeading title={t`Documents`} studentId={studentId} />
      {checks.isPending && <LoadingOverlay open label={t`Loading the documents`} />}
      {checks.isError && (
        <Alert severity="error">
          <Trans>The documents could not be loaded. {problem}</Trans>
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {checks.data?.map((state) => (
          <DocumentCheckCard key={state.type} studentId={studentId} state={state} onPreview={setPreview} />
        ))}
      </Box>
      <FilePreviewDialog
        file={preview}
        title={preview ? DOCUMENT_LABELS[preview.type] : ''}
        onClose={() => setPreview(null)}
      />
    </Box>
  );
}
