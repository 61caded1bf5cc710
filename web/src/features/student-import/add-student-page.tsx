import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../paths';
import { AddStudentForm } from './add-student-form';
import { Trans, useLingui } from '@lingui/react/macro';

/** One student added by hand; the first sign-in is by date of birth, like an imported student's. */
export function AddStudentPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Add Student`);
  const [added, setAdded] = useState<{ id: string; message: string } | null>(null);
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        <Trans>Add Student</Trans>
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 500 }}>
        {added ? (
          <>
            <Alert severity="success" role="status">
              {added.message}{' '}
              <Link component={RouterLink} to={paths.admin.studentRecord(added.id)}>
                <Trans>Open the student&apos;s record</Trans>
              </Link>
            </Alert>
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
              <Button variant="contained" component={RouterLink} to={paths.admin.dashboard}>
                <Trans>Back to the students list</Trans>
              </Button>
              <Button onClick={() => setAdded(null)}>
                <Trans>Add another student</Trans>
              </Button>
            </Stack>
          </>
        ) : (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              <Trans>
                Fields marked * are required. The student signs in the first time with the date of birth
                (yyyymmdd) and then chooses a password.
              </Trans>
            </Typography>
            <AddStudentForm onAdded={(id, message) => setAdded({ id, message })} />
          </>
        )}
      </Paper>
      <Button component={RouterLink} to={paths.admin.importStudents} sx={{ mt: 2 }}>
        <Trans>Import students from a file</Trans>
      </Button>
    </>
  );
}
