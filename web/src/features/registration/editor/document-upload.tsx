import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  DOCUMENT_LABELS,
  FILE_INPUT_ACCEPT,
  PICTURE_INPUT_ACCEPT,
  documentState,
  type DocumentCheckState,
  type DocumentType,
  type StoredFile,
} from '@sp/domain';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useDocumentUpload } from './use-document-upload';

interface Props {
  studentId: string;
  type: DocumentType;
  file: StoredFile | undefined;
  /** The school's check of this document (D23); a rejection carries the reason to show. */
  check: DocumentCheckState | undefined;
  editable: boolean;
  maxMb: number;
  onPreview: (file: StoredFile) => void;
}

/**
 * One document: the file on record with Preview and Resubmit File, or an upload area with a progress bar.
 * An original the school received on paper needs no upload; a rejected document shows its reason and the
 * upload even while registration is closed (D42), since the server accepts that one upload then.
 */
export function DocumentUpload({ studentId, type, file, check, editable, maxMb, onPreview }: Props) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [resubmitting, setResubmitting] = useState(false);
  const upload = useDocumentUpload(studentId, type, maxMb, () => setResubmitting(false));
  const { progress, outcome } = upload;
  const label = DOCUMENT_LABELS[type];
  const uploading = progress !== null;
  const state = documentState(check?.status ?? null, !!file);
  const atSchool = state === 'received' || state === 'verified';
  const rejected = state === 'rejected';
  const mayUpload = (editable && !atSchool) || rejected;
  const showUpload = uploading || (mayUpload && (!file || resubmitting || rejected));

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.files?.[0];
    // The same file can be chosen again after a failure or a cancel.
    event.target.value = '';
    if (next) upload.start(next);
  };

  const resubmit = () => {
    upload.clearOutcome();
    setResubmitting(true);
  };

  return (
    <Box
      component="section"
      aria-labelledby={`${inputId}-title`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Typography id={`${inputId}-title`} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      {rejected && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          The school could not accept this document: {check?.reason} Please upload it again
          {editable ? '.' : ': registration is closed, but this document can still be sent.'}
        </Alert>
      )}
      {atSchool && (
        <Typography variant="body2" color="success.main" sx={{ mt: 0.5 }}>
          {state === 'verified' ? 'Checked by the school.' : 'Received by the school.'}
          {!file && ' Nothing needs to be uploaded.'}
        </Typography>
      )}
      {file && !resubmitting && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1 }}>
          <Button
            variant="text"
            onClick={() => onPreview(file)}
            sx={{ textTransform: 'none', wordBreak: 'break-all' }}
          >
            {file.name}
          </Button>
          <Button size="small" variant="outlined" onClick={() => onPreview(file)}>
            Preview
          </Button>
          {mayUpload && !rejected && (
            <Button size="small" variant="outlined" onClick={resubmit}>
              Resubmit File
            </Button>
          )}
        </Box>
      )}
      {!file && !mayUpload && !atSchool && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          No file was uploaded.
        </Typography>
      )}
      {showUpload && (
        <Box sx={{ mt: 1, display: 'grid', gap: 1 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            {/* One tab stop: the button opens the file box, which itself stays out of the tab order. */}
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => input.current?.click()}
              disabled={uploading}
              aria-describedby={`${inputId}-hint`}
            >
              Choose file
            </Button>
            <input
              ref={input}
              id={inputId}
              type="file"
              tabIndex={-1}
              hidden
              accept={type === 'picture' ? PICTURE_INPUT_ACCEPT : FILE_INPUT_ACCEPT}
              onChange={choose}
              aria-label={`${label} file`}
            />
            {uploading && <Button onClick={upload.cancel}>Cancel</Button>}
            {!uploading && upload.failed && (
              <Button onClick={() => upload.start(upload.failed!)}>Try again</Button>
            )}
            {resubmitting && !uploading && (
              <Button onClick={() => setResubmitting(false)}>Keep the current file</Button>
            )}
          </Box>
          <Typography id={`${inputId}-hint`} variant="caption">
            {type === 'picture' ? 'A JPEG or PNG photo' : 'A PDF, JPEG or PNG file'}, at most {maxMb} MB. It
            is sent as soon as you choose it.
          </Typography>
        </Box>
      )}
      {progress !== null && (
        <LinearProgress
          variant="determinate"
          value={progress}
          sx={{ mt: 1 }}
          aria-label={`Uploading ${label}`}
        />
      )}
      {outcome && (
        <Alert
          severity={outcome.severity}
          sx={{ mt: 1 }}
          role={outcome.severity === 'error' ? 'alert' : 'status'}
        >
          {outcome.text}
        </Alert>
      )}
    </Box>
  );
}
