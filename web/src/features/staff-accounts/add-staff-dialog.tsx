import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  createStaffUserSchema,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type CreateStaffUser,
  type OneTimePassword,
} from '@sp/domain';
import { Controller, useForm } from 'react-hook-form';
import { FormServerError } from '../../components/form-server-error';
import { FormDialogActions } from '../../components/form-dialog-actions';
import { TextInput } from '../../components/text-input';
import { useCreateStaffUser } from './api/staff-accounts';
import { ClassesField } from './classes-picker';
import { ROLE_HINTS } from './role-hints';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  onClose: () => void;
  onCreated: (result: OneTimePassword) => void;
}

/** Username, full name, role and optional classes; the server makes the one-time password. */
export function AddStaffDialog({ onClose, onCreated }: Props) {
  const { t, i18n } = useLingui();
  const create = useCreateStaffUser();
  const form = useForm<CreateStaffUser>({
    resolver: zodResolver(createStaffUserSchema),
    defaultValues: { username: '', full_name: '', role: 'staff', classes: [] },
  });
  const { errors } = form.formState;
  const { ref: usernameRef, ...username } = form.register('username');
  const { ref: nameRef, ...fullName } = form.register('full_name');
  const onValid = (values: CreateStaffUser) => create.mutate(values, { onSuccess: onCreated });

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby="add-staff-title"
      maxWidth="xs"
      fullWidth
    >
      <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
        <DialogTitle id="add-staff-title">
          <Trans>Add staff member</Trans>
        </DialogTitle>
        <DialogContent>
          <FormServerError error={create.error} />
          <TextInput
            {...fullName}
            inputRef={nameRef}
            id="staff-full-name"
            label={t`Full name`}
            autoFocus
            margin="normal"
            autoComplete="off"
            error={Boolean(errors.full_name)}
            helperText={errors.full_name?.message}
          />
          <TextInput
            {...username}
            inputRef={usernameRef}
            id="staff-username"
            label={t`Username`}
            margin="normal"
            autoComplete="off"
            inputProps={{ autoCapitalize: 'none', spellCheck: false }}
            error={Boolean(errors.username)}
            helperText={errors.username?.message ?? t`Letters, digits, dots, dashes or underscores.`}
          />
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <FormControl margin="normal">
                <FormLabel id="staff-role-label">
                  <Trans>Role</Trans>
                </FormLabel>
                <RadioGroup {...field} aria-labelledby="staff-role-label">
                  {STAFF_ROLES.map((role) => (
                    <FormControlLabel
                      key={role}
                      value={role}
                      control={<Radio />}
                      label={`${STAFF_ROLE_LABELS[role]}: ${i18n._(ROLE_HINTS[role])}`}
                      sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 }, mb: 0.5 }}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
            )}
          />
          <ClassesField control={form.control} name="classes" />
        </DialogContent>
        <FormDialogActions onCancel={onClose} pending={create.isPending} submit={t`Create account`} />
      </form>
    </Dialog>
  );
}
