import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useSchoolName } from '../../api/settings';
import { CopyButton } from './copy-button';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  codes: readonly string[];
  onClose: () => void;
}

/** The codes as a text file: what they are for, then one a line. */
export function recoveryCodesText(schoolName: string, codes: readonly string[]): string {
  return [
    i18n._(msg`${schoolName}: staff sign-in recovery codes`),
    i18n._(msg`Each code signs you in once, in place of a code from your authenticator app or a passkey.`),
    i18n._(msg`Keep them somewhere safe, away from your computer.`),
    '',
    ...codes,
    '',
  ].join('\n');
}

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * New recovery codes, shown this once (the server keeps only their hashes): copy, download or print them
 * before closing. Printing prints this dialog alone.
 */
export function RecoveryCodesDialog({ codes, onClose }: Props) {
  const { t } = useLingui();
  const schoolName = useSchoolName();
  const text = recoveryCodesText(schoolName, codes);
  // A phone shows every code and every button at once, not a box that scrolls under them.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog open aria-labelledby="recovery-codes-title" maxWidth="sm" fullWidth fullScreen={phone}>
      <GlobalStyles
        styles={{
          '@media print': {
            '#root': { display: 'none' },
            '.recovery-codes-actions': { display: 'none !important' },
          },
        }}
      />
      <DialogTitle id="recovery-codes-title">
        <Trans>Your recovery codes</Trans>
      </DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          <Trans>They are shown only now. Save or print them before you close this window.</Trans>
        </Alert>
        <Typography sx={{ mb: 2 }}>
          <Trans>
            If you lose your phone or your passkey, each of these codes signs you in once. Any codes you had
            before no longer work.
          </Trans>
        </Typography>
        <Box
          component="ol"
          aria-label={t`Recovery codes`}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            gap: 1,
            p: 2,
            m: 0,
            pl: 6,
            bgcolor: 'grey.100',
            borderRadius: 1,
            fontFamily: 'monospace',
            fontSize: '1.1rem',
          }}
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
      </DialogContent>
      <DialogActions className="recovery-codes-actions" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <CopyButton text={text} label={t`Copy`} />
        <Button startIcon={<DownloadIcon />} onClick={() => download(text)}>
          <Trans>Download</Trans>
        </Button>
        <Button startIcon={<PrintIcon />} onClick={() => window.print()}>
          <Trans>Print</Trans>
        </Button>
        <Button variant="contained" onClick={onClose}>
          <Trans>I have saved them</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
