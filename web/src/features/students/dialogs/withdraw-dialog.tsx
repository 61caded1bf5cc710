import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { withdrawStudentSchema, type AdminStudent } from '@sp/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormServerError } from '../../../components/form-server-error';
import { FormDialogActions } from '../../../components/form-dialog-actions';
import { useSetWithdrawn } from '../api/student-actions';
import { useLingui } from '@lingui/react/macro';

interface Props {
  student: AdminStudent;
  onClose: () => void;
}

/** Withdraw a student who left, or reinstate one (D29); nothing is deleted either way. */
export function WithdrawDialog({ student, onClose }: Props) {
  const { t } = useLingui();
  const change = useSetWithdrawn();
  const form = useForm<
    z.input<typeof withdrawStudentSchema>,
    unknown,
    z.output<typeof withdrawStudentSchema>
  >({
    resolver: zodResolver(withdrawStudentSchema),
    defaultValues: { reason: '' },
  });
  const { ref: reasonRef, ...reason } = form.register('reason');
  const reasonError = form.formState.errors.reason?.message;
  const withdraw = !student.withdrawn_at;
  const name = `${student.first_name} ${student.last_name}`;
  const titleId = 'withdraw-title';
  const act = form.handleSubmit((values) =>
    change.mutate(
      { studentId: student.id, withdraw, reason: (withdraw && values.reason) || undefined },
      { onSuccess: onClose },
    ),
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={(event) => void act(event)}>
        <DialogTitle id={titleId}>{withdraw ? t`Withdraw ${name}?` : t`Reinstate ${name}?`}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {withdraw
              ? t`The student can no longer sign in and leaves the students list. The record, documents and history are kept, and the student can be reinstated.`
              : t`The student can sign in again with the same password and shows in the students list.`}
          </DialogContentText>
          {withdraw && (
            <TextField
              id="withdraw-reason"
              label={t`Reason (optional)`}
              {...reason}
              inputRef={reasonRef}
              error={Boolean(reasonError)}
              helperText={reasonError}
              slotProps={{ htmlInput: { maxLength: 200 } }}
              fullWidth
              margin="normal"
            />
          )}
          <FormServerError error={change.error} />
        </DialogContent>
        <FormDialogActions
          onCancel={onClose}
          pending={change.isPending}
          submit={withdraw ? t`Withdraw` : t`Reinstate`}
          color={withdraw ? 'error' : 'primary'}
        />
      </form>
    </Dialog>
  );
}
