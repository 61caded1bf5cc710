import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { LoadingOverlay } from '../../components/loading-overlay';
import { TextInput } from '../../components/text-input';
import { NewPasswordFields } from './new-password-fields';
import { passwordRules, type PasswordValues } from './password-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { translated } from '../../i18n/translate';

interface Props {
  form: UseFormReturn<PasswordValues>;
  /** The alerts above the fields: the server's answer, or why nothing can be changed here. */
  notices: ReactNode;
  oldLabel: string;
  hint?: string;
  pending: boolean;
  disabled?: boolean;
  /** Called before each attempt, so a message belongs to the last one. */
  onSubmitStart: () => void;
  onValid: (values: PasswordValues) => void;
}

/** Old (current) password, new password and its confirmation: a student's or a staff member's own. */
export function ChangePasswordCard(props: Props) {
  const { form, notices, oldLabel, hint, pending, disabled = false, onSubmitStart, onValid } = props;
  const { t } = useLingui();
  const { errors } = form.formState;
  const { ref: oldRef, ...oldField } = form.register('oldPassword', passwordRules.oldPassword);
  return (
    <Card sx={{ width: '100%', maxWidth: 500, mx: 'auto' }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          <Trans>Change Password</Trans>
        </Typography>
        {notices}
        <form
          noValidate
          onSubmit={(event) => {
            onSubmitStart();
            void form.handleSubmit(onValid)(event);
          }}
        >
          <TextInput
            {...oldField}
            inputRef={oldRef}
            id="old-password"
            label={oldLabel}
            type="password"
            autoComplete="current-password"
            autoFocus
            margin="normal"
            error={Boolean(errors.oldPassword)}
            helperText={errors.oldPassword?.message && translated(errors.oldPassword.message)}
          />
          <NewPasswordFields form={form} {...(hint ? { hint } : {})} />
          <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={disabled}>
            <Trans>Change Password</Trans>
          </Button>
        </form>
      </CardContent>
      <LoadingOverlay open={pending} label={t`Changing the password`} />
    </Card>
  );
}
