import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { updateStaffUserSchema, type StaffUser, type UpdateStaffUser } from '@sp/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormServerError } from '../../components/form-server-error';
import { FormDialogActions } from '../../components/form-dialog-actions';
import { useUpdateStaffUser } from './api/staff-accounts';
import { ClassesField } from './classes-picker';
import { Trans, useLingui } from '@lingui/react/macro';

/** Changes the classes of an account (D44); the change counts from the account's next request. */
export function ClassesDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const { t } = useLingui();
  const update = useUpdateStaffUser();
  const name = user.full_name;
  const form = useForm<z.input<typeof updateStaffUserSchema>, unknown, UpdateStaffUser>({
    resolver: zodResolver(updateStaffUserSchema),
    defaultValues: { classes: user.classes },
  });
  const onSubmit = form.handleSubmit((change) =>
    update.mutate({ id: user.id, change }, { onSuccess: onClose }),
  );
  return (
    <Dialog
      open
      onClose={update.isPending ? undefined : onClose}
      aria-labelledby="staff-classes-title"
      maxWidth="xs"
      fullWidth
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id="staff-classes-title">
          <Trans>Classes of {name}</Trans>
        </DialogTitle>
        <DialogContent>
          <FormServerError error={update.error} />
          <ClassesField control={form.control} name="classes" />
        </DialogContent>
        <FormDialogActions onCancel={onClose} pending={update.isPending} submit={t`Save`} />
      </form>
    </Dialog>
  );
}
