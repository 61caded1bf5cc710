import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormServerError } from '../../components/form-server-error';
import { useLingui } from '@lingui/react/macro';

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
  saved,
}: {
  mutation: Pick<UseMutationResult<unknown, unknown, never>, 'isError' | 'isSuccess' | 'error'>;
  saved?: string;
}) {
  const { t } = useLingui();
  if (mutation.isError) return <FormServerError error={mutation.error} sx={{ mt: 2 }} />;
  if (mutation.isSuccess)
    return (
      <Alert severity="success" sx={{ mt: 2 }}>
        {saved ?? t`Saved. The change is in effect now.`}
      </Alert>
    );
  return null;
}
