import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { Trans, useLingui } from '@lingui/react/macro';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  DOCUMENT_LABELS,
  documentState,
  type DocumentCheckState,
  type DocumentType,
  type StoredFile,
} from '@sp/domain';
import { lazy, Suspense, useId, useState } from 'react';
import { FilePickButton } from '../../../components/file-pick-button';
import { translated } from '../../../i18n/translate';
import { PAGE_ACCEPT, PHOTO_ACCEPT } from '../photos/messages';
import { PagesPanel } from '../photos/pages-panel';
import { PhotoStatus } from '../photos/photo-status';
import { usePhotoPages } from '../photos/use-photo-pages';
import { useDocumentUpload } from './use-document-upload';

// The cropper (and its library) is downloaded only when a passport photo needs framing.
const PhotoCropDialog = lazy(() => import('../photos/photo-crop-dialog'));

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
  const { t } = useLingui();
  const inputId = useId();
  const [resubmitting, setResubmitting] = useState(false);
  // "Take photo" opens the camera: offered where there is one, on a phone or a tablet.
  const phone = useMediaQuery('(pointer: coarse), (max-width: 599.95px)');
  const upload = useDocumentUpload(studentId, type, maxMb, () => setResubmitting(false));
  const pages = usePhotoPages(type, maxMb, upload.start, upload.clearOutcome);
  const { progress, outcome } = upload;
  const label = translated(DOCUMENT_LABELS[type]);
  const uploading = progress !== null;
  // Every stage counts: converting, shrinking, counting a PDF's pages, joining, sending.
  const busy = uploading || pages.working;
  const state = documentState(check?.status ?? null, !!file);
  const atSchool = state === 'received' || state === 'verified';
  const rejected = state === 'rejected';
  const mayUpload = (editable && !atSchool) || rejected;
  const showUpload = uploading || (mayUpload && (!file || resubmitting || rejected));

  const choose = (file: File) => {
    upload.clearOutcome();
    pages.clear();
    pages.choose(file);
  };

  // The chosen file's messages belong to the upload that is no longer wanted.
  const keep = () => {
    pages.clear();
    setResubmitting(false);
  };

  const resubmit = () => {
    upload.clearOutcome();
    pages.clear();
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
          {editable ? (
            <Trans>The school could not accept this document: {check?.reason} Please upload it again.</Trans>
          ) : (
            <Trans>
              The school could not accept this document: {check?.reason} Please upload it again: registration
              is closed, but this document can still be sent.
            </Trans>
          )}
        </Alert>
      )}
      {atSchool && (
        <Typography variant="body2" color="success.main" sx={{ mt: 0.5 }}>
          {state === 'verified' ? t`Checked by the school.` : t`Received by the school.`}
          {!file && ` ${t`Nothing needs to be uploaded.`}`}
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
            <Trans>Preview</Trans>
          </Button>
          {mayUpload && !rejected && (
            <Button size="small" variant="outlined" onClick={resubmit}>
              <Trans>Resubmit File</Trans>
            </Button>
          )}
        </Box>
      )}
      {!file && !mayUpload && !atSchool && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          <Trans>No file was uploaded.</Trans>
        </Typography>
      )}
      {showUpload && (
        <Box sx={{ mt: 1, display: 'grid', gap: 1 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <FilePickButton
              icon={<UploadFileIcon />}
              inputLabel={t`${label} file`}
              accept={type === 'picture' ? PHOTO_ACCEPT : PAGE_ACCEPT}
              disabled={busy}
              describedBy={`${inputId}-hint`}
              onFile={choose}
            >
              <Trans>Choose file</Trans>
            </FilePickButton>
            {phone && (
              <FilePickButton
                icon={<PhotoCameraIcon />}
                inputLabel={t`${label} camera`}
                accept="image/*"
                camera
                disabled={busy}
                describedBy={`${inputId}-hint`}
                onFile={choose}
              >
                <Trans>Take photo</Trans>
              </FilePickButton>
            )}
            {uploading && <Button onClick={upload.cancel}>{t`Cancel`}</Button>}
            {!uploading && upload.failed && (
              <Button onClick={() => void upload.start(upload.failed!)}>{t`Try again`}</Button>
            )}
            {resubmitting && !uploading && <Button onClick={keep}>{t`Keep the current file`}</Button>}
          </Box>
          <Typography id={`${inputId}-hint`} variant="caption">
            {type === 'picture'
              ? t`A photo (JPEG, PNG or HEIC), at most ${maxMb} MB. It is sent as soon as you choose it; a large photo is made smaller first.`
              : t`A PDF or a photo (JPEG, PNG or HEIC), at most ${maxMb} MB. It is sent as soon as you choose it; a large photo is made smaller first.`}
          </Typography>
        </Box>
      )}
      {type !== 'picture' && mayUpload && (
        <Box sx={{ mt: 1 }}>
          <PagesPanel label={label} pages={pages} busy={busy} />
        </Box>
      )}
      <PhotoStatus pages={pages} />
      {pages.cropping && (
        <Suspense fallback={null}>
          <PhotoCropDialog photo={pages.cropping} onUse={pages.useCropped} onCancel={pages.cancelCrop} />
        </Suspense>
      )}
      {progress !== null && (
        <LinearProgress
          variant="determinate"
          value={progress}
          sx={{ mt: 1 }}
          aria-label={t`Uploading ${label}`}
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
