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
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** What the Status column shows: the date posted, or when a scheduled release will post the term. */
export const termStatus = (term: PostingTerm): string => {
  const when = term.release_at_school;
  return term.date_posted ?? (when ? i18n._(msg`scheduled for ${when}`) : '');
};

/**
 * Post Term Reports (spec section 2): a searchable table of terms; Edit opens 'Post {year} Term {term}
 * reports?'; the outcome shows in a snackbar with Close. On a phone the table has three columns with Edit
 * first, so the one action is never scrolled off the screen.
 */
export function PostTermsPanel() {
  const { t } = useLingui();
  useDocumentTitle(t`Post Term Reports`);
  const terms = usePostedTerms();
  const [editing, setEditing] = useState<PostingTerm | null>(null);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [notice, setNotice] = useState<string | null>(null);
  const termCount = terms.data?.length ?? '-';
  const columns = useMemo<DataColumn<PostingTerm>[]>(() => {
    const edit: DataColumn<PostingTerm> = {
      key: 'edit',
      header: t`Edit`,
      width: phone ? 76 : 90,
      value: () => '',
      render: (term) => {
        const year = term.year;
        const number = term.term;
        return (
          <Button
            size="small"
            sx={{ minHeight: 44, minWidth: 56 }}
            onClick={() => setEditing(term)}
            aria-label={t`Edit ${year} Term ${number}`}
          >
            <Trans>Edit</Trans>
          </Button>
        );
      },
    };
    if (phone)
      return [
        edit,
        {
          key: 'term',
          header: t`Year, Term`,
          width: 110,
          value: (term) => `${academicYearLabel(term.year)} ${term.term}`,
        },
        {
          key: 'status',
          header: t`Posted`,
          value: (term) => `${term.posted ? t`posted` : t`not posted`} ${termStatus(term)}`.trim(),
        },
      ];
    return [
      { key: 'year', header: t`Academic Year`, width: 145, value: (term) => academicYearLabel(term.year) },
      { key: 'term', header: t`Term`, width: 70, value: (term) => String(term.term) },
      {
        key: 'posted',
        header: t`Posted`,
        width: 110,
        value: (term) => (term.posted ? t`posted` : t`not posted`),
      },
      { key: 'status', header: t`Date Posted`, width: 200, value: termStatus },
      edit,
    ];
  }, [phone, t]);
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        <Trans>Post Term Reports</Trans>
      </Typography>
      <DataTable
        label={t`Term reports`}
        searchLabel={t`Search`}
        columns={columns}
        rows={terms.data}
        rowKey={(term) => String(term.id)}
        loading={terms.isPending}
        error={terms.error}
        onRetry={() => void terms.refetch()}
        emptyText={t`No terms yet: add one under Terms & Subjects.`}
        height="50vh"
        footer={
          <Typography variant="body2">
            <Trans>Terms: {termCount}</Trans>
          </Typography>
        }
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
            <Trans>Close</Trans>
          </Button>
        }
      />
    </>
  );
}
