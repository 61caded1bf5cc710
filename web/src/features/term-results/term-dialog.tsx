import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { termInputSchema, type Term } from '@sp/domain';
import { Controller, useWatch, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { useSchoolTime } from '../../api/school-time';
import { FormServerError } from '../../components/form-server-error';
import { FormDialog } from '../../components/form-dialog';
import { textFieldProps, useSchemaForm } from '../../components/form-schema';
import { useSaveTerm } from './api/term-results';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  /** The term to change, or null for a new one. */
  term: Term | null;
  onClose: () => void;
}

type Values = z.input<typeof termInputSchema>;

/** Add or change a term: academic year, term 1–3, its dates, possible sessions and the next term's start. */
export function TermDialog({ term, onClose }: Props) {
  const { t } = useLingui();
  const save = useSaveTerm();
  // A new term starts in this academic year as the school's calendar has it, whatever the browser's.
  const thisYear = useSchoolTime()?.academicYear();
  const form = useSchemaForm(termInputSchema, {
    defaultValues: {
      year: String(term?.year ?? thisYear ?? ''),
      term: String(term?.term ?? 1),
      start_date: term?.start_date ?? '',
      end_date: term?.end_date ?? '',
      next_term_start: term?.next_term_start ?? '',
      sessions_possible: term?.sessions_possible === null || !term ? '' : String(term.sessions_possible),
    },
  });
  const field = (name: FieldPath<Values>) => textFieldProps(form, name);
  // The box holds what was typed: a string until the schema reads it as a number.
  const year = useWatch({ control: form.control, name: 'year' }) as string;
  const date = (key: 'start_date' | 'end_date' | 'next_term_start', label: string) => (
    <TextField
      id={`term-${key}`}
      type="date"
      label={label}
      {...field(key)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  const onSubmit = form.handleSubmit((input) =>
    save.mutate({ id: term?.id ?? null, input }, { onSuccess: onClose }),
  );
  return (
    <FormDialog
      titleId="term-dialog-title"
      title={term ? t`Edit term` : t`Add term`}
      pending={save.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
      submit={t`Save`}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          id="term-year"
          type="number"
          label={t`Academic year starts in`}
          {...textFieldProps(form, 'year', `${year}-${Number(year) + 1}`)}
          required
        />
        <Controller
          control={form.control}
          name="term"
          render={({ field: { ref, ...termField } }) => (
            <TextField
              id="term-number"
              select
              label={t`Term`}
              {...termField}
              inputRef={ref}
              value={String(termField.value)}
            >
              {[1, 2, 3].map((n) => (
                <MenuItem key={n} value={String(n)}>
                  <Trans>Term {n}</Trans>
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {date('start_date', t`Starts`)}
        {date('end_date', t`Ends`)}
        <TextField
          id="term-sessions"
          type="number"
          label={t`Possible attendance sessions`}
          {...field('sessions_possible')}
        />
        {date('next_term_start', t`Next term starts`)}
        <FormServerError error={save.error} />
      </Stack>
    </FormDialog>
  );
}
