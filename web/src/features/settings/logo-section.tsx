import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  LOGO_INPUT_ACCEPT,
  LOGO_MAX_BYTES,
  LOGO_PRINT_SIDE,
  PICTURE_MAX_PIXELS,
  type SchoolSettings,
} from '@sp/domain';
import { FilePickButton } from '../../components/file-pick-button';
import { useRemoveLogo, useUploadLogo } from './api/settings-api';
import { SaveStatus, SettingsSection } from './settings-section';
import { Trans, useLingui } from '@lingui/react/macro';

/** The school's logo: PNG or JPEG, checked by its bytes on the server; the drawn crest until one is set. */
export function LogoSection({ settings }: { settings: SchoolSettings }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const { t } = useLingui();
  const last = remove.isSuccess || remove.isError ? remove : upload;
  const maxMb = LOGO_MAX_BYTES / 1024 / 1024;
  const megapixels = PICTURE_MAX_PIXELS / 1_000_000;

  return (
    <SettingsSection title={t`Logo`} id="settings-logo">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box
          component="img"
          src={settings.logo_url ?? '/logo.svg'}
          alt={settings.logo_url ? t`Current logo` : t`Current logo: the drawn crest`}
          sx={{ width: 72, height: 81, objectFit: 'contain', border: 1, borderColor: 'divider', p: 0.5 }}
        />
        <Box sx={{ flex: '1 1 220px' }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            <Trans>
              A PNG or JPEG picture of at most {maxMb} MB and {megapixels} megapixels, shown in the top bar,
              on the sign-in screens and on every printed form. It is kept at {LOGO_PRINT_SIDE} pixels on its
              longest side, with any transparent parts filled white.
            </Trans>
            {settings.logo_url ? '' : ` ${t`Until one is uploaded, the drawn crest is used.`}`}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <FilePickButton
              variant="contained"
              icon={<UploadIcon />}
              inputLabel={t`Logo file`}
              accept={LOGO_INPUT_ACCEPT}
              disabled={upload.isPending}
              onFile={(file) => {
                remove.reset();
                upload.mutate(file);
              }}
            >
              <Trans>Upload logo</Trans>
            </FilePickButton>
            {settings.logo_url && (
              <Button
                variant="outlined"
                startIcon={<DeleteIcon />}
                disabled={remove.isPending}
                onClick={() => {
                  upload.reset();
                  remove.mutate();
                }}
              >
                <Trans>Use the drawn crest</Trans>
              </Button>
            )}
          </Box>
        </Box>
      </Box>
      <SaveStatus mutation={last} />
    </SettingsSection>
  );
}
