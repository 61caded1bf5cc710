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
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSchoolTime } from '../../../api/school-time';
import { EmailAddresses } from '../../mail';
import { usePublicSettings } from '../../../api/settings';
import { AutosaveField } from './autosave-field';
import { spelledAt } from './local-dates';
import { useStudentRecord } from './record-context';
import { registrationSteps } from './registration-steps';
import { StepPage } from './step-page';

const PdfDialog = lazy(async () => ({ default: (await import('../../../components/pdf-dialog')).PdfDialog }));

/** Step 6: what is still missing, the terms with the agree box (D20), and the printable form. */
export function CompleteStep() {
  const { t, i18n } = useLingui();
  const { studentId, record, stepPath, year, staff } = useStudentRecord();
  const settings = usePublicSettings();
  // D25: the school's Spanish version of the terms when it gave one, else the English with a note saying so.
  const spanishTerms = i18n.locale === 'es' ? settings.data?.terms_and_conditions_es : null;
  const terms = spanishTerms || (settings.data?.terms_and_conditions ?? '');
  const termsInEnglishOnly = i18n.locale === 'es' && !spanishTerms;
  const label = year?.label;
  const time = useSchoolTime();
  const pending = registrationSteps.filter((s) => s.key !== 'submit' && !record.progress[s.key]);
  // A phone's browser downloads a PDF opened in a tab, or shows it too small to read (D48).
  const [formOpen, setFormOpen] = useState(false);

  return (
    <StepPage step="submit">
      <Typography variant="h6" component="h2">
        <Trans>Your progress</Trans>
      </Typography>
      <List dense>
        {registrationSteps
          .filter((s) => s.key !== 'submit')
          .map((s) => (
            <ListItem key={s.key} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                {record.progress[s.key] ? (
                  <CheckCircleIcon color="success" titleAccess={t`Complete`} />
                ) : (
                  <RadioButtonUncheckedIcon titleAccess={t`Not complete`} />
                )}
              </ListItemIcon>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={stepPath(s.key)}>
                    {i18n._(s.menuLabel)}
                  </Link>
                }
                secondary={record.progress[s.key] ? t`Complete` : t`Still to do`}
              />
            </ListItem>
          ))}
      </List>
      {pending.length > 0 && (
        <Typography variant="body2" sx={{ mb: 2 }}>
          <Trans>You can agree and print now; the school will ask for anything still missing.</Trans>
        </Typography>
      )}

      {/* The family's own addresses: staff's page of a student has no session to confirm them with. */}
      {!staff && (
        <Box sx={{ mt: 2 }}>
          <EmailAddresses headingLevel="h2" />
        </Box>
      )}

      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {label ? t`Terms and conditions for ${label}` : t`Terms and conditions`}
      </Typography>
      {year?.returning && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          <Trans>
            The terms are agreed again each school year: last year’s agreement does not carry over to {label}.
          </Trans>
        </Typography>
      )}
      <Box
        tabIndex={0}
        aria-label={t`Terms and conditions`}
        lang={termsInEnglishOnly ? 'en' : undefined}
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
        {terms.split(/\n\s*\n/).map((paragraph, i) => (
          <Typography key={i} variant="body2" sx={{ mb: 1.5 }}>
            {paragraph}
          </Typography>
        ))}
      </Box>
      {termsInEnglishOnly && (
        <Typography variant="body2" color="text.secondary">
          <Trans>The school has not given these terms in Spanish yet, so they are shown in English.</Trans>
        </Typography>
      )}
      <AutosaveField name="agree_terms_conditions" />
      {record.agree_terms_conditions === 1 && typeof record.terms_agreed_at === 'string' && (
        <Typography variant="body2" color="text.secondary">
          {t`Agreed on ${time ? spelledAt(time, record.terms_agreed_at) : ''}.`}
        </Typography>
      )}

      <Box sx={{ mt: 3 }}>
        <Button variant="contained" startIcon={<PictureAsPdfIcon />} onClick={() => setFormOpen(true)}>
          <Trans>Open registration form</Trans>
        </Button>
        <Suspense>
          {formOpen && (
            <PdfDialog
              title={t`Registration Form`}
              src={`/api/registration-form/${encodeURIComponent(studentId)}`}
              onClose={() => setFormOpen(false)}
            />
          )}
        </Suspense>
        <Typography variant="caption" component="p" sx={{ mt: 1 }}>
          <Trans>
            Print it on Legal paper (8½ × 14 in), sign it and bring it to the school with the original
            documents.
          </Trans>
        </Typography>
      </Box>
    </StepPage>
  );
}
