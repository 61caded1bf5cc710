import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IMPORT_MAX_MB, MARK_CELL_HELP, academicYearLabel } from '@sp/domain';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { ChooseFileButton } from '../../components/file-import/choose-file-button';
import { FileImportStatus } from '../../components/file-import/file-import-status';
import { TemplateButton } from '../../components/file-import/template-button';
import { useDocumentTitle } from '../../components/use-document-title';
import { templatePaths, useResultClasses, useTerms } from './api/term-results';
import { ClassChoice, firstClass } from './class-choice';
import { MarksGrid } from './marks-grid';
import { ResultsPreview } from './results-preview';
import { useResultsImport } from './use-results-import';

/** Term Results (D17): a term's marks and summaries from a spreadsheet, checked before they are saved. */
export function ResultsPanel() {
  useDocumentTitle('Term Results');
  const terms = useTerms();
  const [chosen, setChosen] = useState('');
  const termId = chosen !== '' ? Number(chosen) : (terms.data?.[0]?.id ?? null);
  const classes = useResultClasses();
  // A staff member with classes starts on their first class; others on the whole school ('').
  const [pickedClass, setPickedClass] = useState<string | null>(null);
  const classId = pickedClass ?? firstClass(classes.data);
  const flow = useResultsImport(termId);
  const busy = flow.progress.phase !== 'idle';
  const paths = termId === null ? null : templatePaths(termId, classId);
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Term Results
      </Typography>
      {terms.isError && <Alert severity="error">{errorMessage(terms.error)}</Alert>}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
          <TextField
            id="results-term"
            select
            size="small"
            label="Term"
            value={termId === null ? '' : String(termId)}
            onChange={(e) => {
              setChosen(e.target.value);
              flow.reset();
            }}
            sx={{ minWidth: 220 }}
          >
            {(terms.data ?? []).map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                {academicYearLabel(t.year)} Term {t.term}
              </MenuItem>
            ))}
          </TextField>
          <ClassChoice
            id="results-class"
            label="Template class"
            value={classId}
            onChange={setPickedClass}
            data={classes.data}
            allLabel="All classes"
          />
        </Stack>
        <Typography sx={{ mb: 1 }}>
          A CSV or XLSX file (at most {IMPORT_MAX_MB} MB): one row per student and subject with Student ID,
          Subject, Course Mark and Exam Mark, and if you like Absences, Lateness, Application, Conduct and
          Teacher Remark. Summaries (attendance, ratings, remarks) go on a second sheet or in a separate file.
        </Typography>
        <Typography sx={{ mb: 2 }}>
          {MARK_CELL_HELP} The templates are filled in with the marks already stored, so download one for your
          class, change what you need and import it again.
          {classes.data?.restricted && ' You enter marks for your own classes only.'}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <ChooseFileButton
            label="Results file (CSV or XLSX)"
            disabled={busy || termId === null}
            onChoose={flow.choose}
          />
          {paths && (
            <>
              <TemplateButton href={paths.xlsx}>XLSX template</TemplateButton>
              <TemplateButton href={paths.csv}>CSV template</TemplateButton>
              <TemplateButton href={paths.summaries}>Summaries CSV</TemplateButton>
            </>
          )}
        </Stack>
        <FileImportStatus flow={flow} />
      </Paper>
      {flow.preview && (
        <ResultsPreview preview={flow.preview} busy={busy} onConfirm={flow.confirm} onCancel={flow.reset} />
      )}
      {termId !== null && <MarksGrid key={termId} termId={termId} />}
    </>
  );
}
