import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { AdminStudent } from '@sp/domain';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useSetWithdrawn } from '../api/student-actions';

interface Props {
  student: AdminStudent;
  onClose: () => void;
}

/** Withdraw a student who left, or reinstate one (D29); nothing is deleted either way. */
export function WithdrawDialog({ student, onClose }: Props) {
  const change = useSetWithdrawn();
  const [reason, setReason] = useState('');
  const withdraw = !student.withdrawn_at;
  const name = `${student.first_name} ${student.last_name}`;
  const titleId = 'withdraw-title';
  const act = () =>
    change.mutate(
      { studentId: student.id, withdraw, reason: reason.trim() || undefined },
      { onSuccess: onClose },
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{withdraw ? `Withdraw ${name}?` : `Reinstate ${name}?`}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {withdraw
            ? 'The student can no longer sign in and leaves the students list. The record, documents and history are kept, and the student can be reinstated.'
            : 'The student can sign in again with the same password and shows in the students list.'}
        </DialogContentText>
        {withdraw && (
          <TextField
            id="withdraw-reason"
            label="Reason (optional)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            fullWidth
            margin="normal"
          />
        )}
        {change.isError && <Alert severity="error">{errorMessage(change.error)}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={change.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={withdraw ? 'error' : 'primary'}
          onClick={act}
          disabled={change.isPending}
        >
          {withdraw ? 'Withdraw' : 'Reinstate'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
