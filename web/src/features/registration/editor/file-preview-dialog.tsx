import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { StoredFile } from '@sp/domain';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  file: StoredFile | null;
  title: string;
  onClose: () => void;
}

/** Spec section 4: a picture is shown as an image, any other file in a frame. */
export function FilePreviewDialog({ file, title, onClose }: Props) {
  const { t } = useLingui();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const isImage = file?.content_type.startsWith('image/') ?? false;
  return (
    <Dialog open={file !== null} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers sx={{ p: isImage ? 2 : 0, display: 'flex', justifyContent: 'center' }}>
        {file &&
          (isImage ? (
            <img
              src={file.url}
              alt={`${title}: ${file.name}`}
              style={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain' }}
            />
          ) : (
            <iframe
              src={file.url}
              title={`${title}: ${file.name}`}
              style={{ width: '100%', height: '75vh', border: 0 }}
            />
          ))}
      </DialogContent>
      <DialogActions>
        {file && (
          <Button href={file.url} target="_blank" rel="noopener">
            <Trans>Open in a new tab</Trans>
          </Button>
        )}
        <Button onClick={onClose} variant="contained">
          {t`Close`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
