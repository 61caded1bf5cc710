import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { testEmailSchema } from '@sp/domain';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { FormServerError } from '../../components/form-server-error';
import { textFieldProps, useSchemaForm } from '../../components/form-schema';

/** The one address field the server checks too (the test e-mail's `to`, the account's `email`: one rule). */
const addressSchema = z.strictObject({ address: testEmailSchema.shape.to });

interface Props {
  id: string;
  label: string;
  submit: string;
  initial?: string;
  /** The call the address goes to; the server's refusal shows under the form. */
  send: UseMutationResult<unknown, unknown, string>;
  /** What to say once it has gone, e.g. a link to the Outbox. */
  done: ReactNode;
}

/** An e-mail address and a button: checked with the shared rule before anything is sent. */
export function AddressForm({ id, label, submit, initial = '', send, done }: Props) {
  const form = useSchemaForm(addressSchema, { defaultValues: { address: initial } });
  const onSubmit = form.handleSubmit(({ address }) => send.mutate(address));
  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} onChange={() => send.reset()}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          id={id}
          label={label}
          type="email"
          autoComplete="email"
          size="small"
          {...textFieldProps(form, 'address')}
          sx={{ flex: '1 1 260px', maxWidth: 420 }}
        />
        <Button type="submit" variant="contained" disabled={send.isPending}>
          {submit}
        </Button>
      </Box>
      <FormServerError error={send.error} sx={{ mt: 2 }} />
      {send.isSuccess && done}
    </Box>
  );
}
