import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';

interface Props {
  /** react-hook-form's `handleSubmit(…)`: Enter in a field and the submit button both send. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** How the row's items line up; the row wraps on a narrow screen. */
  alignItems: 'center' | 'flex-start';
  /** Space above the row, in theme spacing units. */
  mt?: number;
  children: ReactNode;
}

/** A small form laid out as one row, a field or two and its button (ADR 0035). */
export function FormRow({ onSubmit, alignItems, mt, children }: Props) {
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems, flexWrap: 'wrap', mt }}
    >
      {children}
    </Stack>
  );
}
