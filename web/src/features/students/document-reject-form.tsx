import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { documentCheckSchema, REJECTION_REASON_MAX, type DocumentCheckState } from '@sp/domain';
import { textFieldProps, useSchemaForm } from '../../components/form-schema';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  studentId: string;
  state: DocumentCheckState;
  pending: boolean;
  onReject: (reason: string) => void;
  onCancel: () => void;
}

/**
 * The reason a document is rejected (D23), checked with the same schema the server uses (ADR 0035): an empty
 * reason is named under the field and nothing is sent. Enter in the field adds a line; the button sends.
 */
export function DocumentRejectForm({ studentId, state, pending, onReject, onCancel }: Props) {
  const { t } = useLingui();
  const form = useSchemaForm(documentCheckSchema, {
    defaultValues: {
      student_id: studentId,
      type: state.type,
      status: 'rejected',
      reason: state.reason ?? '',
    },
  });
  const submit = form.handleSubmit((check) => onReject(check.reason ?? ''));
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      sx={{ display: 'grid', gap: 1 }}
    >
      <TextField
        id={`reason-${state.type}`}
        label={t`Reason the family will see`}
        {...textFieldProps(form, 'reason')}
        slotProps={{ htmlInput: { maxLength: REJECTION_REASON_MAX } }}
        multiline
        minRows={2}
        required
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" color="error" disabled={pending}>
          <Trans>Reject</Trans>
        </Button>
        <Button onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </Box>
    </Box>
  );
}
