import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IMPORT_COLUMNS, IMPORT_MAX_MB, IMPORT_MAX_ROWS } from '@sp/domain';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title';
import { paths } from '../../paths';
import { importTemplatePaths } from './api/import-students';
import { ChooseFileButton } from '../../components/file-import/choose-file-button';
import { FileImportStatus } from '../../components/file-import/file-import-status';
import { TemplateButton } from '../../components/file-import/template-button';
import { ImportHistory } from './import-history';
import { ImportPreviewView } from './import-preview-view';
import { useImportFlow } from './use-import-flow';
import { Trans, useLingui } from '@lingui/react/macro';

/** D18: choose a CSV or XLSX file, look at what it would do, then import it. */
export function ImportPanel() {
  const { t } = useLingui();
  useDocumentTitle(t`Import Students`);
  const flow = useImportFlow();
  const busy = flow.progress.phase !== 'idle';
  const maxMb = IMPORT_MAX_MB;
  const maxRows = IMPORT_MAX_ROWS.toLocaleString('en-US');
  const columns = IMPORT_COLUMNS.map((c) => c.label).join(', ');
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        <Trans>Import Students</Trans>
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography sx={{ mb: 2 }}>
          <Trans>
            A CSV or XLSX file (at most {maxMb} MB and {maxRows} students) with a header row naming the
            columns {columns}, in any order. Dates as yyyy-mm-dd or dd/mm/yyyy. A blank cell keeps what is
            stored for a student already in the portal (clear a value in the student&apos;s edit dialog). New
            students sign in the first time with their date of birth.
          </Trans>
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <ChooseFileButton label={t`Student file (CSV or XLSX)`} disabled={busy} onChoose={flow.choose} />
          <TemplateButton href={importTemplatePaths.csv}>
            <Trans>CSV template</Trans>
          </TemplateButton>
          <TemplateButton href={importTemplatePaths.xlsx}>
            <Trans>XLSX template</Trans>
          </TemplateButton>
          <Button component={RouterLink} to={paths.admin.addStudent} startIcon={<PersonAddIcon />}>
            <Trans>Add student</Trans>
          </Button>
        </Stack>
        <FileImportStatus flow={flow} />
      </Paper>
      {flow.preview && (
        <ImportPreviewView
          file={flow.file}
          preview={flow.preview}
          busy={busy}
          onConfirm={flow.confirm}
          onCancel={flow.reset}
        />
      )}
      <ImportHistory />
    </>
  );
}
