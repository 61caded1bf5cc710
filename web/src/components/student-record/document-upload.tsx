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
  messages,
  uploadMessages,
  type DocumentCheckState,
  type DocumentType,
  type StoredFile,
} from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { errorMessage } from '../../api/client';
import { refreshAfterUpload, uploadDocument } from './api/upload-document';

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

type Outcome = { severity: 'success' | 'error'; text: string } | null;

/** One document: the file on record with Preview and Resubmit File, or an upload area with a progress bar. */
export function DocumentUpload({ studentId, type, file, check, editable, maxMb, onPreview }: Props) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [resubmitting, setResubmitting] = useState(false);
  const label = DOCUMENT_LABELS[type];
  const showUpload = editable && (!file || resubmitting);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.files?.[0] ?? null;
    setOutcome(null);
    // A clear message before a large photo is sent over a phone connection.
    if (next && next.size > maxMb * 1024 * 1024) {
      setChosen(null);
      event.target.value = '';
      setOutcome({ severity: 'error', text: uploadMessages.tooLarge(maxMb) });
      return;
    }
    setChosen(next);
  };

  const upload = async () => {
    if (!chosen) {
      setOutcome({ severity: 'error', text: uploadMessages.noFile });
      return;
    }
    setProgress(0);
    try {
      const message = await uploadDocument(studentId, type, chosen, setProgress);
      setOutcome({ severity: 'success', text: message });
      setChosen(null);
      setResubmitting(false);
      if (input.current) input.current.value = '';
      await refreshAfterUpload(queryClient, studentId);
    } catch (error) {
      setOutcome({ severity: 'error', text: `${messages.uploadFailed} ${errorMessage(error)}` });
    } finally {
      setProgress(null);
    }
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
      {check?.status === 'rejected' && !resubmitting && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          The school could not accept this document: {check.reason} Please upload it again.
        </Alert>
      )}
      {check?.status === 'verified' && !resubmitting && (
        <Typography variant="body2" color="success.main" sx={{ mt: 0.5 }}>
          Checked by the school.
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
          {editable && (
            <Button size="small" variant="outlined" onClick={() => setResubmitting(true)}>
              Resubmit File
            </Button>
          )}
        </Box>
      )}
      {!file && !editable && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          No file was uploaded.
        </Typography>
      )}
      {showUpload && (
        <Box sx={{ mt: 1, display: 'grid', gap: 1 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileIcon />}>
              Choose file
            </Button>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={type === 'picture' ? PICTURE_INPUT_ACCEPT : FILE_INPUT_ACCEPT}
              onChange={choose}
              aria-label={`${label} file`}
              style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
            />
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {chosen ? chosen.name : 'No file chosen'}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="contained" onClick={() => void upload()} disabled={progress !== null}>
              Upload
            </Button>
            {resubmitting && (
              <Button onClick={() => setResubmitting(false)} disabled={progress !== null}>
                Cancel
              </Button>
            )}
          </Box>
          <Typography variant="caption">
            {type === 'picture' ? 'A JPEG or PNG photo' : 'A PDF, JPEG or PNG file'}, at most {maxMb} MB.
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
