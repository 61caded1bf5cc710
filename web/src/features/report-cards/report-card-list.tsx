import AssessmentIcon from '@mui/icons-material/Assessment';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { REPORT_LIST_FIRST_ID, academicYearLabel, type ReportCardTerm } from '@sp/domain';
import { errorMessage } from '../../api/client';
import { PdfDialog } from '../../components/pdf-dialog';
import { reportCardUrl, useReportCardTerms } from './api/report-cards';

interface Props {
  studentId: string;
  /** Staff may open reports that are not posted yet (spec section 2, D3). */
  staff: boolean;
  /** The card's heading level: h1 on the student's own page, h2 under a staff page's heading. */
  headingLevel?: 'h1' | 'h2';
}

const termLabel = (r: ReportCardTerm) => `Term ${r.term} ${academicYearLabel(r.year)}`;

/** Spec section 2, Term Reports: the card 'Select Term Report' with one entry per report. */
export function ReportCardList({ studentId, staff, headingLevel = 'h1' }: Props) {
  const reports = useReportCardTerms(studentId);
  const [open, setOpen] = useState<ReportCardTerm | null>(null);

  return (
    <Card sx={{ width: '100%', maxWidth: 600, mx: 'auto' }}>
      <CardContent>
        <Typography variant="h5" component={headingLevel} gutterBottom>
          Select Term Report
        </Typography>
        {reports.isPending && <CircularProgress aria-label="Loading the term reports" />}
        {reports.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void reports.refetch()}>
                Retry
              </Button>
            }
          >
            The term reports could not be loaded: {errorMessage(reports.error)}
          </Alert>
        )}
        {reports.isSuccess && reports.data.length === 0 && (
          <Typography color="text.secondary">There are no term reports yet.</Typography>
        )}
        {reports.isSuccess && reports.data.length > 0 && (
          <List disablePadding>
            {reports.data.map((report, i) => {
              const usable = report.posted === 1 || staff;
              return (
                <ListItem
                  key={`${report.year}-${report.term}`}
                  id={String(REPORT_LIST_FIRST_ID + i)}
                  disablePadding
                >
                  <ListItemButton
                    disabled={!usable}
                    onClick={() => setOpen(report)}
                    sx={{
                      alignItems: 'flex-start',
                      gap: 1,
                      borderBottom: 1,
                      borderColor: 'divider',
                      py: 1.5,
                    }}
                  >
                    <ListItemIcon sx={{ minWidth: 40, mt: 0.5 }}>
                      <AssessmentIcon color={usable ? 'primary' : 'disabled'} />
                    </ListItemIcon>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600 }}>
                        Form {report.form_level ?? '–'} - {report.class_id ?? '–'}
                      </Typography>
                      <Typography>End of Term Report</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {termLabel(report)}
                      </Typography>
                      <Typography
                        variant="body2"
                        sx={{
                          mt: 0.5,
                          fontWeight: 500,
                          color: report.posted ? 'primary.main' : 'text.secondary',
                        }}
                      >
                        {report.posted ? `Report posted ${report.date_posted ?? ''}` : 'Report not posted'}
                      </Typography>
                    </Box>
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
      {open && (
        <PdfDialog
          title={`End of Term Report, ${termLabel(open)}`}
          src={reportCardUrl(studentId, open.year, open.term)}
          onClose={() => setOpen(null)}
        />
      )}
    </Card>
  );
}
