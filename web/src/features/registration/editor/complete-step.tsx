import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSchoolTime } from '../../../api/school-time';
import { EmailAddresses } from '../../mail';
import { usePublicSettings } from '../../../api/settings';
import { AutosaveField } from './autosave-field';
import { useStudentRecord } from './record-context';
import { registrationSteps } from './registration-steps';
import { StepPage } from './step-page';

const PdfDialog = lazy(async () => ({ default: (await import('../../../components/pdf-dialog')).PdfDialog }));

/** Step 6: what is still missing, the terms with the agree box (D20), and the printable form. */
export function CompleteStep() {
  const { studentId, record, stepPath, year, staff } = useStudentRecord();
  const settings = usePublicSettings();
  const time = useSchoolTime();
  const pending = registrationSteps.filter((s) => s.key !== 'submit' && !record.progress[s.key]);
  // A phone's browser downloads a PDF opened in a tab, or shows it too small to read (D48).
  const [formOpen, setFormOpen] = useState(false);

  return (
    <StepPage step="submit">
      <Typography variant="h6" component="h2">
        Your progress
      </Typography>
      <List dense>
        {registrationSteps
          .filter((s) => s.key !== 'submit')
          .map((s) => (
            <ListItem key={s.key} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                {record.progress[s.key] ? (
                  <CheckCircleIcon color="success" titleAccess="Complete" />
                ) : (
                  <RadioButtonUncheckedIcon titleAccess="Not complete" />
                )}
              </ListItemIcon>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={stepPath(s.key)}>
                    {s.menuLabel}
                  </Link>
                }
                secondary={record.progress[s.key] ? 'Complete' : 'Still to do'}
              />
            </ListItem>
          ))}
      </List>
      {pending.length > 0 && (
        <Typography variant="body2" sx={{ mb: 2 }}>
          You can agree and print now; the school will ask for anything still missing.
        </Typography>
      )}

      {/* The family's own addresses: staff's page of a student has no session to confirm them with. */}
      {!staff && (
        <Box sx={{ mt: 2 }}>
          <EmailAddresses headingLevel="h2" />
        </Box>
      )}

      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {year ? `Terms and conditions for ${year.label}` : 'Terms and conditions'}
      </Typography>
      {year?.returning && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          The terms are agreed again each school year: last year’s agreement does not carry over to{' '}
          {year.label}.
        </Typography>
      )}
      <Box
        tabIndex={0}
        aria-label="Terms and conditions"
        sx={{
          maxHeight: 240,
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          p: 2,
          my: 1,
        }}
      >
        {(settings.data?.terms_and_conditions ?? '').split(/\n\s*\n/).map((paragraph, i) => (
          <Typography key={i} variant="body2" sx={{ mb: 1.5 }}>
            {paragraph}
          </Typography>
        ))}
      </Box>
      <AutosaveField name="agree_terms_conditions" />
      {record.agree_terms_conditions === 1 && typeof record.terms_agreed_at === 'string' && (
        <Typography variant="body2" color="text.secondary">
          Agreed on {time?.spelled(record.terms_agreed_at)}.
        </Typography>
      )}

      <Box sx={{ mt: 3 }}>
        <Button variant="contained" startIcon={<PictureAsPdfIcon />} onClick={() => setFormOpen(true)}>
          Open registration form
        </Button>
        <Suspense>
          {formOpen && (
            <PdfDialog
              title="Registration Form"
              src={`/api/registration-form/${encodeURIComponent(studentId)}`}
              onClose={() => setFormOpen(false)}
            />
          )}
        </Suspense>
        <Typography variant="caption" component="p" sx={{ mt: 1 }}>
          Print it on Legal paper (8½ × 14 in), sign it and bring it to the school with the original
          documents.
        </Typography>
      </Box>
    </StepPage>
  );
}
