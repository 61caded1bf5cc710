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

const dash = (v: string | number | null) => (v === null || v === '' ? '—' : String(v));

/** Terms & Subjects (D17): the terms of each academic year, and which subjects each form takes. */
export function TermsPanel() {
  useDocumentTitle('Terms & Subjects');
  const terms = useTerms();
  const [editing, setEditing] = useState<Term | null | 'new'>(null);
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Terms &amp; Subjects
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2">
            Terms
          </Typography>
          <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Add term
          </Button>
        </Stack>
        {terms.isError && <Alert severity="error">{errorMessage(terms.error)}</Alert>}
        <ScrollBox label="Terms, scrollable">
          <Table size="small" aria-label="Terms">
            <TableHead>
              <TableRow>
                <TableCell>Academic Year</TableCell>
                <TableCell>Term</TableCell>
                <TableCell>Dates</TableCell>
                <TableCell>Sessions</TableCell>
                <TableCell>Next term</TableCell>
                <TableCell>Students with results</TableCell>
                <TableCell>Edit</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {terms.data?.map((t) => (
                <TableRow key={t.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{academicYearLabel(t.year)}</TableCell>
                  <TableCell>{t.term}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {dash(t.start_date)} to {dash(t.end_date)}
                  </TableCell>
                  <TableCell>{dash(t.sessions_possible)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dash(t.next_term_start)}</TableCell>
                  <TableCell>{t.students_with_results}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      onClick={() => setEditing(t)}
                      aria-label={`Edit ${t.year} Term ${t.term}`}
                    >
                      Edit
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
              {terms.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>No terms yet.</TableCell>
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
