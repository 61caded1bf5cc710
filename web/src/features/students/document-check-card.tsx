import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  DOCUMENT_CHECK_LABELS,
  DOCUMENT_LABELS,
  type DocumentCheckState,
  type DocumentCheckStatus,
  type StoredFile,
} from '@sp/domain';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSchoolMinutes } from '../../api/school-time';
import { FormServerError } from '../../components/form-server-error';
import { useCheckDocument } from '../registration';
import { DocumentRejectForm } from './document-reject-form';

interface Props {
  studentId: string;
  state: DocumentCheckState;
  onPreview: (file: StoredFile) => void;
}

const chipColor = { received: 'info', verified: 'success', rejected: 'error' } as const;

/** One document as staff check it (D23): the file with Preview, and Received / Verified / Reject with a reason. */
export function DocumentCheckCard({ studentId, state, onPreview }: Props) {
  const { t } = useLingui();
  const check = useCheckDocument(studentId);
  const [rejecting, setRejecting] = useState(false);
  const label = DOCUMENT_LABELS[state.type];
  const mark = (status: DocumentCheckStatus | null, why?: string) =>
    check.mutate({ type: state.type, status, reason: why }, { onSuccess: () => setRejecting(false) });
  // In the school's time zone and the staff area's yyyy-MM-dd HH:mm form, like every other time there.
  const when = useSchoolMinutes();
  const checkedOn = state.checked_at ? when(state.checked_at) : null;
  const reason = state.reason;
  const checkedBy = state.checked_by;

  return (
    <Card component="section" aria-label={label} variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mr: 'auto' }}>
            {label}
          </Typography>
          <Chip
            size="small"
            label={state.status ? DOCUMENT_CHECK_LABELS[state.status] : t`Not checked`}
            color={state.status ? chipColor[state.status] : 'default'}
          />
        </Box>
        {state.file ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {state.file.name}
            </Typography>
            <Button size="small" variant="outlined" onClick={() => state.file && onPreview(state.file)}>
              <Trans>Preview</Trans>
            </Button>
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {state.status === 'received' || state.status === 'verified'
              ? t`No file uploaded: the paper original was seen, so the document is done.`
              : t`No file uploaded. Mark it received when the paper original is seen.`}
          </Typography>
        )}
        {state.status === 'rejected' && (
          <Alert severity="warning">
            <Trans>Rejected: {reason}</Trans>
          </Alert>
        )}
        {checkedOn && (
          <Typography variant="caption" color="text.secondary">
            <Trans>
              Checked by {checkedBy} on {checkedOn}
            </Trans>
          </Typography>
        )}
        {rejecting ? (
          <DocumentRejectForm
            studentId={studentId}
            state={state}
            pending={check.isPending}
            onReject={(reason) => mark('rejected', reason)}
            onCancel={() => setRejecting(false)}
          />
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" disabled={check.isPending} onClick={() => mark('received')}>
              <Trans>Received</Trans>
            </Button>
            <Button
              variant="outlined"
              color="success"
              disabled={check.isPending}
              onClick={() => mark('verified')}
            >
              <Trans>Verified</Trans>
            </Button>
            <Button
              variant="outlined"
              color="error"
              disabled={check.isPending}
              onClick={() => setRejecting(true)}
            >
              <Trans>Reject…</Trans>
            </Button>
            {state.status && (
              <Button disabled={check.isPending} onClick={() => mark(null)}>
                <Trans>Clear</Trans>
              </Button>
            )}
          </Box>
        )}
        <FormServerError error={check.error} />
      </CardContent>
    </Card>
  );
}
