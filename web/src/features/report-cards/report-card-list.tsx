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
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  studentId: string;
  /** Staff may open reports that are not posted yet (spec section 2, D3). */
  staff: boolean;
  /** The card's heading level: h1 on the student's own page, h2 under a staff page's heading. */
  headingLevel?: 'h1' | 'h2';
}

/**
 * When a report was posted: the school's own stamp (yyyy-mm-dd hh:mm:ss, already in the school's time zone) as
 * English readers and the office know it; another language spells it in its own words and order.
 */
export function postedStamp(stamp: string, locale: string): string {
  const wall = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d)/.exec(stamp);
  if (locale === 'en' || !wall) return stamp;
  // The wall clock read as UTC and shown as UTC: the school's time stays as it is, in no other zone.
  return new Date(`${wall[1]}T${wall[2]}:00Z`).toLocaleString(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
}

/** Spec section 2, Term Reports: the card 'Select Term Report' with one entry per report. */
export function ReportCardList({ studentId, staff, headingLevel = 'h1' }: Props) {
  const reports = useReportCardTerms(studentId);
  const { t, i18n } = useLingui();
  const termLabel = (r: ReportCardTerm) => {
    const { term } = r;
    const year = academicYearLabel(r.year);
    return t`Term ${term} ${year}`;
  };
  const form = (report: ReportCardTerm) => {
    const level = report.form_level ?? '–';
    const classId = report.class_id ?? '–';
    return t`Form ${level} - ${classId}`;
  };
  const [open, setOpen] = useState<ReportCardTerm | null>(null);
  const openLabel = open && termLabel(open);
  const postedOn = (stamp: string) => {
    const date = postedStamp(stamp, i18n.locale);
    return t`Report posted ${date}`;
  };

  return (
    <Card sx={{ width: '100%', maxWidth: 600, mx: 'auto' }}>
      <CardContent>
        <Typography variant="h5" component={headingLevel} gutterBottom>
          <Trans>Select Term Report</Trans>
        </Typography>
        {reports.isPending && <CircularProgress aria-label={t`Loading the term reports`} />}
        {reports.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void reports.refetch()}>
                <Trans>Retry</Trans>
              </Button>
            }
          >
            <Trans>The term reports could not be loaded: {errorMessage(reports.error)}</Trans>
          </Alert>
        )}
        {reports.isSuccess && reports.data.length === 0 && (
          <Typography color="text.secondary">
            <Trans>There are no term reports yet.</Trans>
          </Typography>
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
                      <Typography sx={{ fontWeight: 600 }}>{form(report)}</Typography>
                      <Typography>
                        <Trans>End of Term Report</Trans>
                      </Typography>
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
                        {report.posted ? postedOn(report.date_posted ?? '') : t`Report not posted`}
                      </Typography>
                    </Box>
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
      {open && openLabel && (
        <PdfDialog
          title={t`End of Term Report, ${openLabel}`}
          src={reportCardUrl(studentId, open.year, open.term)}
          onClose={() => setOpen(null)}
        />
      )}
    </Card>
  );
}
