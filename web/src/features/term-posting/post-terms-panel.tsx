import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { academicYearLabel, schoolTimeOf, type PostedTerm } from '@sp/domain';
import { useMemo, useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table';
import { useDocumentTitle } from '../../components/use-document-title';
import { usePostedTerms } from './api/posting';
import { PostTermDialog } from './post-term-dialog';

/** What the Status column shows: the date posted, or when a scheduled release will post the term. */
export const termStatus = (t: PostedTerm): string =>
  t.date_posted ?? (t.release_at ? `scheduled for ${schoolTimeOf(t.release_at)}` : '');

/**
 * Post Term Reports (spec section 2): a searchable table of terms; Edit opens 'Post {year} Term {term}
 * reports?'; the outcome shows in a snackbar with Close.
 */
export function PostTermsPanel() {
  useDocumentTitle('Post Term Reports');
  const terms = usePostedTerms();
  const [editing, setEditing] = useState<PostedTerm | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const columns = useMemo<DataColumn<PostedTerm>[]>(
    () => [
      { key: 'year', header: 'Academic Year', width: 145, value: (t) => academicYearLabel(t.year) },
      { key: 'term', header: 'Term', width: 70, value: (t) => String(t.term) },
      { key: 'posted', header: 'Posted', width: 110, value: (t) => (t.posted ? 'posted' : 'not posted') },
      { key: 'status', header: 'Date Posted', width: 200, value: termStatus },
      {
        key: 'edit',
        header: 'Edit',
        width: 90,
        value: () => '',
        render: (t) => (
          <Button size="small" onClick={() => setEditing(t)} aria-label={`Edit ${t.year} Term ${t.term}`}>
            Edit
          </Button>
        ),
      },
    ],
    [],
  );
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Post Term Reports
      </Typography>
      <DataTable
        label="Term reports"
        searchLabel="Search"
        columns={columns}
        rows={terms.data}
        rowKey={(t) => String(t.id)}
        loading={terms.isPending}
        error={terms.error}
        onRetry={() => void terms.refetch()}
        emptyText="No terms yet: add one under Terms & Subjects."
        height="50vh"
        footer={<Typography variant="body2">Terms: {terms.data?.length ?? '-'}</Typography>}
      />
      {editing && (
        <PostTermDialog
          term={editing}
          onClose={() => setEditing(null)}
          onDone={(message) => {
            setEditing(null);
            setNotice(message);
          }}
        />
      )}
      <Snackbar
        open={notice !== null}
        message={notice}
        onClose={(_e, reason) => reason !== 'clickaway' && setNotice(null)}
        autoHideDuration={8000}
        action={
          <Button color="inherit" size="small" onClick={() => setNotice(null)}>
            Close
          </Button>
        }
      />
    </>
  );
}
