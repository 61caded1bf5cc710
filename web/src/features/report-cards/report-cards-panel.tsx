import type { SxProps, Theme } from '@mui/material/styles';
import DownloadIcon from '@mui/icons-material/Download';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  academicYearLabel,
  type ReportCardClassReads,
  type ReportCardJob,
  type ReportCardJobKind,
  type ReportCardTermSummary,
} from '@sp/domain';
import { errorMessage } from '../../api/client';
import { downloadFile } from '../../api/download';
import { useDocumentTitle } from '../../components/use-document-title';
import {
  jobFileUrl,
  useClassJobs,
  useReportCardTermSummaries,
  useStartClassJob,
  useTermReads,
} from './api/report-cards';

const termKey = (t: { year: number; term: number }) => `${t.year}-${t.term}`;
const termName = (t: { year: number; term: number }) => `Term ${t.term} ${academicYearLabel(t.year)}`;
const percent = (n: number, of: number) => (of === 0 ? 0 : Math.round((n / of) * 100));

/**
 * Report Cards (D24): per term and class, how many families have opened their report card and who has not;
 * a class's cards as one PDF or a ZIP, built in the background with progress that survives a reload.
 */
export function ReportCardsPanel() {
  useDocumentTitle('Report Cards');
  const summaries = useReportCardTermSummaries();
  const [chosen, setChosen] = useState('');
  const term: ReportCardTermSummary | undefined =
    summaries.data?.find((t) => termKey(t) === chosen) ?? summaries.data?.[0];

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Report Cards
      </Typography>
      {summaries.isPending && <CircularProgress aria-label="Loading the terms" />}
      {summaries.isError && (
        <Alert severity="error">The terms could not be loaded: {errorMessage(summaries.error)}</Alert>
      )}
      {summaries.isSuccess && !term && <Typography>No term has report cards yet.</Typography>}
      {term && (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
            <TextField
              select
              label="Term"
              value={termKey(term)}
              onChange={(e) => setChosen(e.target.value)}
              sx={{ minWidth: 240, flex: '0 1 320px' }}
            >
              {(summaries.data ?? []).map((t) => (
                <MenuItem key={termKey(t)} value={termKey(t)}>
                  {termName(t)} · {t.posted ? 'posted' : 'not posted'}
                </MenuItem>
              ))}
            </TextField>
            <Typography>
              {term.opened} of {term.students} students have opened their report card
              {term.posted ? '' : ' (the term is not posted yet)'}.
            </Typography>
          </Box>
          <TermClasses year={term.year} term={term.term} />
        </>
      )}
    </>
  );
}

function TermClasses({ year, term }: { year: number; term: number }) {
  const reads = useTermReads(year, term, true);
  const jobs = useClassJobs(year, term, true);
  const start = useStartClassJob();
  const running = (classId: string, kind: ReportCardJobKind) =>
    jobs.data?.some((j) => j.class_id === classId && j.kind === kind && j.status === 'running') ?? false;

  return (
    <>
      <JobList jobs={jobs.data ?? []} />
      {start.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The download could not be started: {errorMessage(start.error)}
        </Alert>
      )}
      {reads.isPending && <CircularProgress aria-label="Loading the classes" />}
      {reads.isError && (
        <Alert severity="error">The classes could not be loaded: {errorMessage(reads.error)}</Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            md: 'repeat(2, minmax(0, 1fr))',
            xl: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {reads.data?.classes.map((c) => (
          <ClassCard
            key={c.class_id}
            reads={c}
            busy={(kind) => running(c.class_id, kind) || start.isPending}
            onDownload={(kind) => start.mutate({ year, term, class_id: c.class_id, kind })}
          />
        ))}
      </Box>
    </>
  );
}

function ClassCard({
  reads,
  busy,
  onDownload,
}: {
  reads: ReportCardClassReads;
  busy: (kind: ReportCardJobKind) => boolean;
  onDownload: (kind: ReportCardJobKind) => void;
}) {
  const name = `Form ${reads.form_level ?? '–'} - ${reads.class_id}`;
  const missing = reads.not_opened.length;
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        {name}
      </Typography>
      <Typography sx={{ mb: 0.5 }}>
        {reads.opened} of {reads.students} opened
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent(reads.opened, reads.students)}
        aria-label={`${name}: ${reads.opened} of ${reads.students} opened`}
        sx={{ height: 8, borderRadius: 1, mb: 1.5 }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Button
          variant="contained"
          size="small"
          startIcon={<PictureAsPdfIcon />}
          disabled={busy('pdf')}
          onClick={() => onDownload('pdf')}
          aria-label={`Class PDF of ${reads.class_id}`}
        >
          Class PDF
        </Button>
        <Button
          variant="outlined"
          size="small"
          startIcon={<FolderZipIcon />}
          disabled={busy('zip')}
          onClick={() => onDownload('zip')}
          aria-label={`ZIP of ${reads.class_id}`}
        >
          ZIP
        </Button>
      </Box>
      {reads.not_posted.length > 0 && (
        <StudentsAccordion
          title={`Not posted: no marks entered (${reads.not_posted.length})`}
          students={reads.not_posted}
          sx={{ mb: 1 }}
        />
      )}
      {reads.students === 0 ? null : missing === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Everyone has opened their report card.
        </Typography>
      ) : (
        <StudentsAccordion title={`Not opened (${missing})`} students={reads.not_opened} />
      )}
    </Paper>
  );
}

const KIND_NAMES: Record<ReportCardJobKind, string> = { pdf: 'one PDF', zip: 'ZIP of PDFs' };

/** The term's class downloads; a running one shows its progress, a finished one its Download button. */
function JobList({ jobs }: { jobs: ReportCardJob[] }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (jobs.length === 0) return null;
  const save = (job: ReportCardJob) => {
    setFailed(null);
    downloadFile(jobFileUrl(job.id), job.file_name ?? `report-cards.${job.kind}`).catch((e: unknown) =>
      setFailed(errorMessage(e)),
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Downloads
      </Typography>
      {failed && (
        <Alert severity="error" sx={{ mb: 1 }}>
          The file could not be downloaded: {failed}
        </Alert>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {jobs.slice(0, 6).map((job) => {
          const label = `${job.class_id}, ${KIND_NAMES[job.kind]}`;
          return (
            <Box
              component="li"
              key={job.id}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
            >
              <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {label} ·{' '}
                  {job.status === 'done' ? `${job.total} cards, ready` : `${job.done} of ${job.total}`}
                </Typography>
                {job.status !== 'failed' && (
                  <LinearProgress
                    variant="determinate"
                    value={job.status === 'done' ? 100 : percent(job.done, job.total)}
                    aria-label={`${label}: ${job.status === 'done' ? 'ready' : `${job.done} of ${job.total} cards`}`}
                  />
                )}
                {job.status === 'failed' && (
                  <Typography variant="body2" color="error">
                    {job.error}
                  </Typography>
                )}
              </Box>
              {job.status === 'done' && (
                <Button
                  size="small"
                  startIcon={<DownloadIcon />}
                  onClick={() => save(job)}
                  aria-label={`Download ${label}`}
                >
                  Download
                </Button>
              )}
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}

interface ListedStudent {
  id: string;
  first_name: string;
  last_name: string;
}

/** A folded list of students under a count: who was left out, who has not opened their card. */
function StudentsAccordion({
  title,
  students,
  sx,
}: {
  title: string;
  students: readonly ListedStudent[];
  sx?: SxProps<Theme>;
}) {
  return (
    <Accordion
      disableGutters
      variant="outlined"
      sx={[{ '&::before': { display: 'none' } }, ...(sx ? [sx].flat() : [])]}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="body2">{title}</Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 0 }}>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {students.map((s) => (
            <Typography component="li" variant="body2" key={s.id} sx={{ overflowWrap: 'anywhere' }}>
              {s.last_name}, {s.first_name} ({s.id})
            </Typography>
          ))}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
