import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { academicYearLabel, type PostingTerm } from '@sp/domain';
import { useMemo, useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table';
import { useDocumentTitle } from '../../components/use-document-title';
import { usePostedTerms } from './api/posting';
import { PostTermDialog } from './post-term-dialog';

/** What the Status column shows: the date posted, or when a scheduled release will post the term. */
export const termStatus = (t: PostingTerm): string =>
  t.date_posted ?? (t.release_at_school ? `scheduled for ${t.release_at_school}` : '');

/**
 * Post Term Reports (spec section 2): a searchable table of terms; Edit opens 'Post {year} Term {term}
 * reports?'; the outcome shows in a snackbar with Close. On a phone the table has three columns with Edit
 * first, so the one action is never scrolled off the screen.
 */
export function PostTermsPanel() {
  useDocumentTitle('Post Term Reports');
  const terms = usePostedTerms();
  const [editing, setEditing] = useState<PostingTerm | null>(null);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [notice, setNotice] = useState<string | null>(null);
  const columns = useMemo<DataColumn<PostingTerm>[]>(() => {
    const edit: DataColumn<PostingTerm> = {
      key: 'edit',
      header: 'Edit',
      width: phone ? 76 : 90,
      value: () => '',
      render: (t) => (
        <Button
          size="small"
          sx={{ minHeight: 44, minWidth: 56 }}
          onClick={() => setEditing(t)}
          aria-label={`Edit ${t.year} Term ${t.term}`}
        >
          Edit
        </Button>
      ),
    };
    if (phone)
      return [
        edit,
        {
          key: 'term',
          header: 'Year, Term',
          width: 110,
          value: (t) => `${academicYearLabel(t.year)} ${t.term}`,
        },
        {
          key: 'status',
          header: 'Posted',
          value: (t) => `${t.posted ? 'posted' : 'not posted'} ${termStatus(t)}`.trim(),
        },
      ];
    return [
      { key: 'year', header: 'Academic Year', width: 145, value: (t) => academicYearLabel(t.year) },
      { key: 'term', header: 'Term', width: 70, value: (t) => String(t.term) },
      { key: 'posted', header: 'Posted', width: 110, value: (t) => (t.posted ? 'posted' : 'not posted') },
      { key: 'status', header: 'Date Posted', width: 200, value: termStatus },
      edit,
    ];
  }, [phone]);
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
