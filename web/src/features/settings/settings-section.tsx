import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { ZodSafeParseResult, ZodType } from 'zod';
import { ApiError, errorMessage } from '../../api/client';

interface Props {
  title: string;
  id: string;
  children: ReactNode;
}

/** One card of the Settings panel, with a heading that names it for screen readers. */
export function SettingsSection({ title, id, children }: Props) {
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, mb: 2, maxWidth: 760 }}
    >
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** "Saved." or why not, under the part of the panel that was saved. */
export function SaveStatus({
  mutation,
  saved = 'Saved. The change is in effect now.',
}: {
  mutation: Pick<UseMutationResult<unknown, unknown, never>, 'isError' | 'isSuccess' | 'error'>;
  saved?: string;
}) {
  if (mutation.isError)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {errorMessage(mutation.error)}
      </Alert>
    );
  if (mutation.isSuccess)
    return (
      <Alert severity="success" sx={{ mt: 2 }}>
        {saved}
      </Alert>
    );
  return null;
}

/** Field messages from the shared schema (checked before sending) or from the server's answer. */
function fieldErrors(result: ZodSafeParseResult<unknown> | null, error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (error instanceof ApiError) for (const e of error.fieldErrors) if (e.field) out[e.field] ??= e.message;
  if (result && !result.success)
    for (const issue of result.error.issues) out[String(issue.path[0] ?? '')] ??= issue.message;
  return out;
}

/**
 * A form of the panel: checks the value with the shared schema the server uses (D2) and sends it only when
 * it passes; `errors` holds the messages per field, from the check or from the server.
 */
export function useCheckedSave<V>(schema: ZodType, save: UseMutationResult<unknown, unknown, V>) {
  const [checked, setChecked] = useState<ZodSafeParseResult<unknown> | null>(null);
  return {
    errors: fieldErrors(checked, save.error),
    submit: (value: V) => (event: FormEvent) => {
      event.preventDefault();
      const result = schema.safeParse(value);
      setChecked(result);
      if (result.success) save.mutate(value);
    },
  };
}
