import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../api/client';
import { LoadingOverlay } from '../../components/loading-overlay';
import { useDocumentTitle } from '../../components/use-document-title';
import { TestEmailForm } from '../staff-email';
import { useSchoolSettings } from './api/settings-api';
import { ClassesSection } from './classes-section';
import { LogoSection } from './logo-section';
import { RegistrationWindowsSection } from './registration-windows-section';
import { SchoolDetailsSection } from './school-details-section';
import { SettingsSection } from './settings-section';
import { SignInSecuritySection } from './sign-in-security-section';
import { SwitchesSection } from './switches-section';
import { TermsSection } from './terms-section';
import { Trans, useLingui } from '@lingui/react/macro';

/** Settings (D19, admin role): each part saves on its own, is audited, and takes effect at once. */
export function SettingsPanel() {
  const { t } = useLingui();
  useDocumentTitle(t`Settings`);
  const settings = useSchoolSettings();
  if (settings.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
            <Trans>Retry</Trans>
          </Button>
        }
      >
        <Trans>The settings could not be loaded.</Trans> {errorMessage(settings.error)}
      </Alert>
    );
  if (!settings.data) return <LoadingOverlay open label={t`Loading the settings`} />;
  const s = settings.data;
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        <Trans>Settings</Trans>
      </Typography>
      <SchoolDetailsSection settings={s} />
      <LogoSection settings={s} />
      <RegistrationWindowsSection settings={s} />
      <SwitchesSection settings={s} />
      <SignInSecuritySection settings={s} />
      <TermsSection settings={s} />
      <ClassesSection />
      <SettingsSection title={t`E-mail`} id="settings-email">
        <TestEmailForm />
      </SettingsSection>
    </>
  );
}
