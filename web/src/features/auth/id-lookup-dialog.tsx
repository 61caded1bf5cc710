import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { studentIdLookupSchema } from '@sp/domain';
import { useForm } from 'react-hook-form';
import { FormServerError } from '../../components/form-server-error';
import { useSchoolTime } from '../../api/school-time';
import { TextInput } from '../../components/text-input';
import { lookUpStudentId, type StudentIdLookup } from './api/student-id-lookup';
import { useCall } from './use-call';
import { IdLookupResults } from './id-lookup-results';
import { Trans, useLingui } from '@lingui/react/macro';
import { translated } from '../../i18n/translate';

interface Props {
  open: boolean;
  onClose: () => void;
  onChoose: (studentId: string) => void;
}

const emptySearch: StudentIdLookup = { first_name: '', last_name: '', date_of_birth: '' };

/** "Click here to get your student ID": an exact search by name and date of birth (D1). */
export function IdLookupDialog({ open, onClose, onChoose }: Props) {
  const { t } = useLingui();
  const lookup = useCall(lookUpStudentId);
  const today = useSchoolTime()?.today();
  const form = useForm<StudentIdLookup>({
    resolver: zodResolver(studentIdLookupSchema),
    defaultValues: emptySearch,
  });
  const { errors } = form.formState;
  const { ref: dateRef, ...dateField } = form.register('date_of_birth');

  const fields = [
    { name: 'first_name', label: t`First Name`, autoComplete: 'given-name' },
    { name: 'last_name', label: t`Last Name`, autoComplete: 'family-name' },
  ] as const;
  const problem = (message: string | undefined) => message && translated(message);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>
        <Trans>Find your student ID</Trans>
      </DialogTitle>
      <form noValidate onSubmit={(event) => void form.handleSubmit((values) => lookup.mutate(values))(event)}>
        <DialogContent sx={{ pt: 0 }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            <Trans>Enter the student&apos;s names and date of birth as the school has them.</Trans>
          </Typography>
          {fields.map(({ name, label, autoComplete }, index) => {
            const { ref, ...field } = form.register(name);
            return (
              <TextInput
                key={name}
                {...field}
                inputRef={ref}
                id={`lookup-${name}`}
                label={label}
                autoComplete={autoComplete}
                autoFocus={index === 0}
                margin="dense"
                error={Boolean(errors[name])}
                helperText={problem(errors[name]?.message)}
              />
            );
          })}
          <TextInput
            {...dateField}
            inputRef={dateRef}
            id="lookup-date-of-birth"
            label={t`Date of Birth`}
            type="date"
            autoComplete="bday"
            margin="dense"
            error={Boolean(errors.date_of_birth)}
            helperText={problem(errors.date_of_birth?.message)}
            inputProps={{ max: today }}
            shrinkLabel
          />
          {lookup.isPending && <LinearProgress aria-label={t`Searching`} sx={{ mt: 2 }} />}
          <FormServerError error={lookup.error} sx={{ mt: 2 }} />
          {lookup.data && <IdLookupResults matches={lookup.data} onChoose={onChoose} />}
        </DialogContent>
        <DialogActions>
          <Button type="button" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
          <Button type="submit" variant="contained" disabled={lookup.isPending}>
            <Trans>Search</Trans>
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
