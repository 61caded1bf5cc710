import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { StaffUser } from '@sp/domain';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useUpdateStaffUser } from './api/staff-accounts';
import { ClassesPicker } from './classes-picker';

/** Changes the classes of an account (D44); the change counts from the account's next request. */
export function ClassesDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const update = useUpdateStaffUser();
  const [classes, setClasses] = useState(user.classes);
  return (
    <Dialog
      open
      onClose={update.isPending ? undefined : onClose}
      aria-labelledby="staff-classes-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="staff-classes-title">Classes of {user.full_name}</DialogTitle>
      <DialogContent>
        {update.isError && <Alert severity="error">{errorMessage(update.error)}</Alert>}
        <ClassesPicker value={classes} onChange={setClasses} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={update.isPending}
          onClick={() => update.mutate({ id: user.id, change: { classes } }, { onSuccess: onClose })}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
