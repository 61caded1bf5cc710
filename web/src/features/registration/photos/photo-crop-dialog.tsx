import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Trans, useLingui } from '@lingui/react/macro';
import { PASSPORT_PHOTO_RATIO } from '@sp/domain';
import { useId, useState } from 'react';
import Cropper from 'react-easy-crop';
import { cropToRatio, type CropArea } from './crop-image';
import { photoMessages } from './messages';
import { useDataUrl } from './use-data-url';

interface Props {
  photo: File;
  onUse: (cropped: File) => void;
  onCancel: () => void;
}

/** The passport photo framed at the printed box's ratio: drag the photo, zoom with the slider or a pinch. */
export default function PhotoCropDialog({ photo, onUse, onCancel }: Props) {
  const { t } = useLingui();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const hintId = useId();
  const url = useDataUrl(photo);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<CropArea | null>(null);
  const [working, setWorking] = useState(false);
  const [failed, setFailed] = useState(false);

  const use = async () => {
    if (!area) return;
    setWorking(true);
    setFailed(false);
    try {
      onUse(await cropToRatio(photo, area, photo.name));
    } catch {
      setFailed(true);
    } finally {
      setWorking(false);
    }
  };

  return (
    <Dialog open onClose={onCancel} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-describedby={hintId}>
      <DialogTitle>
        <Trans>Frame the passport photo</Trans>
      </DialogTitle>
      {/* On a small phone the frame takes the room the hint, Zoom and the buttons leave, so they stay in view. */}
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography id={hintId} variant="body2">
          <Trans>
            Drag the photo so the face fills the frame, head and shoulders showing, as on a passport.
          </Trans>
        </Typography>
        <Box
          sx={{
            position: 'relative',
            flex: { xs: '1 1 auto', sm: 'none' },
            minHeight: 200,
            height: { sm: 420 },
            bgcolor: 'grey.900',
          }}
        >
          {url && (
            <Cropper
              image={url}
              crop={crop}
              zoom={zoom}
              aspect={PASSPORT_PHOTO_RATIO}
              maxZoom={4}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              mediaProps={{ alt: t`The chosen photo` }}
              // The frame takes the arrow keys too: a group, named, so a screen reader says what it is.
              cropperProps={{
                role: 'group',
                'aria-label': t`Photo frame: drag or use the arrow keys to move the photo`,
              }}
            />
          )}
        </Box>
        <Box sx={{ px: 1 }}>
          <Typography id={`${hintId}-zoom`} variant="body2">
            <Trans>Zoom</Trans>
          </Typography>
          <Slider
            value={zoom}
            min={1}
            max={4}
            step={0.05}
            onChange={(_, value) => setZoom(value)}
            aria-labelledby={`${hintId}-zoom`}
          />
        </Box>
        {failed && <Alert severity="error">{photoMessages.cropFailed()}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t`Cancel`}</Button>
        <Button variant="contained" onClick={() => void use()} disabled={!area || working}>
          <Trans>Use photo</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
