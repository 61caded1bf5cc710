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

/** D18: choose a CSV or XLSX file, look at what it would do, then import it. */
export function ImportPanel() {
  useDocumentTitle('Import Students');
  const flow = useImportFlow();
  const busy = flow.progress.phase !== 'idle';
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Import Students
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography sx={{ mb: 2 }}>
          A CSV or XLSX file (at most {IMPORT_MAX_MB} MB and {IMPORT_MAX_ROWS.toLocaleString('en-US')}{' '}
          students) with a header row naming the columns {IMPORT_COLUMNS.map((c) => c.label).join(', ')}, in
          any order. Dates as yyyy-mm-dd or dd/mm/yyyy. A blank cell keeps what is stored for a student
          already in the portal (clear a value in the student&apos;s edit dialog). New students sign in the
          first time with their date of birth.
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <ChooseFileButton label="Student file (CSV or XLSX)" disabled={busy} onChoose={flow.choose} />
          <TemplateButton href={importTemplatePaths.csv}>CSV template</TemplateButton>
          <TemplateButton href={importTemplatePaths.xlsx}>XLSX template</TemplateButton>
          <Button component={RouterLink} to={paths.admin.addStudent} startIcon={<PersonAddIcon />}>
            Add student
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
