import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { academicYearLabel, type Term } from '@sp/domain';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { ScrollBox } from '../../components/scroll-box';
import { useDocumentTitle } from '../../components/use-document-title';
import { useTerms } from './api/term-results';
import { SubjectsSection } from './subjects-section';
import { TermDialog } from './term-dialog';
import { Trans, useLingui } from '@lingui/react/macro';

const dash = (v: string | number | null) => (v === null || v === '' ? '—' : String(v));

/** Terms & Subjects (D17): the terms of each academic year, and which subjects each form takes. */
export function TermsPanel() {
  const { t } = useLingui();
  useDocumentTitle(t`Terms & Subjects`);
  const terms = useTerms();
  const [editing, setEditing] = useState<Term | null | 'new'>(null);
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        <Trans>Terms &amp; Subjects</Trans>
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2">
            <Trans>Terms</Trans>
          </Typography>
          <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            <Trans>Add term</Trans>
          </Button>
        </Stack>
        {terms.isError && <Alert severity="error">{errorMessage(terms.error)}</Alert>}
        <ScrollBox label={t`Terms, scrollable`}>
          <Table size="small" aria-label={t`Terms`}>
            <TableHead>
              <TableRow>
                <TableCell>
                  <Trans>Academic Year</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Term</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Dates</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Sessions</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Next term</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Students with results</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Edit</Trans>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {terms.data?.map((term) => {
                const start = dash(term.start_date);
                const end = dash(term.end_date);
                const year = term.year;
                const number = term.term;
                return (
                  <TableRow key={term.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{academicYearLabel(term.year)}</TableCell>
                    <TableCell>{term.term}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Trans>
                        {start} to {end}
                      </Trans>
                    </TableCell>
                    <TableCell>{dash(term.sessions_possible)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{dash(term.next_term_start)}</TableCell>
                    <TableCell>{term.students_with_results}</TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        onClick={() => setEditing(term)}
                        aria-label={t`Edit ${year} Term ${number}`}
                      >
                        <Trans>Edit</Trans>
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
              {terms.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Trans>No terms yet.</Trans>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </ScrollBox>
      </Paper>
      <SubjectsSection terms={terms.data ?? []} />
      {editing && <TermDialog term={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
