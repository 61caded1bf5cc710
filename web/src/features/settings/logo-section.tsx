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
import { useRef } from 'react';
import { useRemoveLogo, useUploadLogo } from './api/settings-api';
import { SaveStatus, SettingsSection } from './settings-section';

/** The school's logo: PNG or JPEG, checked by its bytes on the server; the drawn crest until one is set. */
export function LogoSection({ settings }: { settings: SchoolSettings }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const input = useRef<HTMLInputElement>(null);
  const last = remove.isSuccess || remove.isError ? remove : upload;

  return (
    <SettingsSection title="Logo" id="settings-logo">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box
          component="img"
          src={settings.logo_url ?? '/logo.svg'}
          alt={settings.logo_url ? 'Current logo' : 'Current logo: the drawn crest'}
          sx={{ width: 72, height: 81, objectFit: 'contain', border: 1, borderColor: 'divider', p: 0.5 }}
        />
        <Box sx={{ flex: '1 1 220px' }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            A PNG or JPEG picture of at most {LOGO_MAX_BYTES / 1024 / 1024} MB and{' '}
            {PICTURE_MAX_PIXELS / 1_000_000} megapixels, shown in the top bar, on the sign-in screens and on
            every printed form. It is kept at {LOGO_PRINT_SIDE} pixels on its longest side, with any
            transparent parts filled white.
            {settings.logo_url ? '' : ' Until one is uploaded, the drawn crest is used.'}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {/* One tab stop: the button opens the file box, which itself stays out of the tab order. */}
            <Button
              variant="contained"
              startIcon={<UploadIcon />}
              disabled={upload.isPending}
              onClick={() => input.current?.click()}
            >
              Upload logo
            </Button>
            <input
              ref={input}
              type="file"
              tabIndex={-1}
              hidden
              accept={LOGO_INPUT_ACCEPT}
              aria-label="Logo file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) {
                  remove.reset();
                  upload.mutate(file);
                }
                e.target.value = '';
              }}
            />
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
                Use the drawn crest
              </Button>
            )}
          </Box>
        </Box>
      </Box>
      <SaveStatus mutation={last} />
    </SettingsSection>
  );
}
