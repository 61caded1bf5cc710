import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import { IMPORT_FILE_ACCEPT } from '@sp/domain';
import { t } from '@lingui/core/macro';

interface Props {
  /** The name a screen reader gives the file input. */
  label: string;
  disabled: boolean;
  onChoose: (file: File) => void;
}

/** Opens the file chooser; the input is emptied each time, so choosing the same file again reads it again. */
export function ChooseFileButton({ label, disabled, onChoose }: Props) {
  return (
    <Button component="label" variant="contained" startIcon={<UploadFileIcon />} disabled={disabled}>
      {t`Choose file`}
      <input
        hidden
        type="file"
        accept={IMPORT_FILE_ACCEPT}
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onChoose(file);
        }}
      />
    </Button>
  );
}
