import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ImportPreview } from '@sp/domain';
import { ImportCountChips } from './import-counts';
import { ImportPreviewTable } from './import-preview-table';
import { usePreviewPage } from './use-preview-page';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  /** The file previewed, sent again for another page of rows. */
  file: File | null;
  preview: ImportPreview;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** What the file would do; nothing is written until staff confirm. */
export function ImportPreviewView({ file, preview, busy, onConfirm, onCancel }: Props) {
  const { t } = useLingui();
  const { counts } = preview;
  const page = usePreviewPage(file, preview);
  const toWrite = counts.added + counts.changed;
  const fileName = preview.file_name;
  const errors = counts.errors;
  const leftOut =
    errors === 1
      ? t`${errors} row has errors and will be left out: correct the file and choose it again, or import the other rows.`
      : t`${errors} rows have errors and will be left out: correct the file and choose it again, or import the other rows.`;
  return (
    <section aria-labelledby="import-preview-title">
      <Typography id="import-preview-title" variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        <Trans>Preview of {fileName}</Trans>
      </Typography>
      <ImportCountChips counts={counts} />
      <Alert severity={counts.errors ? 'warning' : 'info'} sx={{ mt: 2 }}>
        <Trans>Nothing has been saved yet.</Trans>
        {counts.errors > 0 && ` ${leftOut}`}
      </Alert>
      {page.error && (
        <Alert severity="error" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
          {page.error}
        </Alert>
      )}
      <ImportPreviewTable preview={page.shown} loading={page.loading} onShow={page.show} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={onConfirm} disabled={busy || toWrite === 0}>
          {toWrite === 0
            ? t`Nothing to import`
            : toWrite === 1
              ? t`Import ${toWrite} student`
              : t`Import ${toWrite} students`}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
      </Stack>
    </section>
  );
}
