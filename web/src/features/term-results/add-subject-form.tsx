import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { subjectInputSchema } from '@sp/domain';
import { FormRow } from '../../components/form-row';
import { textFieldProps, useSchemaForm } from '../../components/form-schema';
import { FormServerError } from '../../components/form-server-error';
import type { useSubjectChanges } from './use-subject-changes';
import { Trans, useLingui } from '@lingui/react/macro';

/** A new subject by code and name, checked with the shared schema; the fields empty once it is saved. */
export function AddSubjectForm({ add }: { add: ReturnType<typeof useSubjectChanges>['addSubject'] }) {
  const { t } = useLingui();
  const form = useSchemaForm(subjectInputSchema, { defaultValues: { code: '', title: '' } });
  const onSubmit = form.handleSubmit((subject) => add.mutate(subject, { onSuccess: () => form.reset() }));
  return (
    <Stack sx={{ mb: 3 }}>
      <FormRow onSubmit={onSubmit} alignItems="flex-start">
        <TextField
          id="subject-code"
          size="small"
          label={t`Code`}
          {...textFieldProps(form, 'code')}
          sx={{ width: 120 }}
        />
        <TextField
          id="subject-title"
          size="small"
          label={t`Subject name`}
          {...textFieldProps(form, 'title')}
          sx={{ width: 240, maxWidth: '100%' }}
        />
        <Button type="submit" variant="outlined" disabled={add.isPending} sx={{ minHeight: 40 }}>
          <Trans>Add subject</Trans>
        </Button>
      </FormRow>
      <FormServerError error={add.error} sx={{ mt: 1 }} />
    </Stack>
  );
}
