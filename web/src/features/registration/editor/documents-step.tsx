import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans } from '@lingui/react/macro';
import { DOCUMENT_LABELS, DOCUMENT_TYPES, type StoredFile } from '@sp/domain';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { usePublicSettings } from '../../../api/settings';
import { translated } from '../../../i18n/translate';
import { useDocumentChecks } from '../api/document-checks';
import { useFiles } from '../api/get-files';
import { CarriedDocuments } from './carried-documents';
import { DocumentUpload } from './document-upload';
import { FilePreviewDialog } from './file-preview-dialog';
import { useStudentRecord } from './record-context';
import { StepPage } from './step-page';

/** Step 5: the four documents, each uploaded, previewed and resubmitted on its own. */
export function DocumentsStep() {
  const { studentId, editable } = useStudentRecord();
  const files = useFiles(studentId);
  const checks = useDocumentChecks(studentId);
  const settings = usePublicSettings();
  const [preview, setPreview] = useState<StoredFile | null>(null);
  const maxMb = settings.data?.upload_max_mb ?? 10;

  return (
    <StepPage step="documents">
      <Typography variant="body2" sx={{ mb: 2 }}>
        <Trans>
          Upload a clear photo or scan of each document. On a phone you can take the photo straight from the
          camera.
        </Trans>
      </Typography>
      <CarriedDocuments files={files.data} />
      {files.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <Trans>The list of documents could not be loaded.</Trans> {errorMessage(files.error)}
        </Alert>
      )}
      <Stack spacing={2}>
        {DOCUMENT_TYPES.map((type) => (
          <DocumentUpload
            key={type}
            studentId={studentId}
            type={type}
            file={files.data?.find((f) => f.type === type)}
            check={checks.data?.find((c) => c.type === type)}
            editable={editable}
            maxMb={maxMb}
            onPreview={setPreview}
          />
        ))}
      </Stack>
      <FilePreviewDialog
        file={preview}
        title={preview ? translated(DOCUMENT_LABELS[preview.type]) : ''}
        onClose={() => setPreview(null)}
      />
    </StepPage>
  );
}
