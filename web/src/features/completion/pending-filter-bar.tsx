import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { csvFile, csvText, type CsvCell, type PendingStudent } from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { formatCount } from '../../components/format-count';
import { useYearParam } from '../school-years';
import { pendingStudentsQuery, usePendingCount } from './api/get-completion';
import type { PendingFilter } from './api/query-keys';
import { itemLabel } from './completion-items';

interface Props {
  filter: PendingFilter;
  onClear: () => void;
}

/** The list for the form teacher: ID, last name, first name, class, what is missing. */
export function pendingRows(filter: PendingFilter, students: PendingStudent[]): CsvCell[][] {
  const missing = itemLabel(filter.item);
  return [
    [msg`ID`, msg`Last Name`, msg`First Name`, msg`Class`, msg`Not done`].map((header) => i18n._(header)),
    ...students.map((s) => [s.id, s.last_name, s.first_name, s.class_id ?? '', missing]),
  ];
}

/**
 * Above the table while it shows only who has not done something: what, for whom, how many, and the list to
 * share. The list itself is fetched only to copy or download it: a ministry's school list can be long.
 */
export function PendingFilterBar({ filter, onClear }: Props) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const count = usePendingCount(filter);
  const year = useYearParam();
  const label = itemLabel(filter.item);
  const classId = filter.classId;
  const what =
    classId === null
      ? t`${label} not done`
      : classId === ''
        ? t`${label} not done with no class`
        : t`${label} not done in ${classId}`;
  // The list as the table may already hold it (a school small enough to be filtered in the browser).
  const rowsOf = async () =>
    pendingRows(filter, await queryClient.ensureQueryData(pendingStudentsQuery(filter, year)));
  // A file opens in Excel (D45); a copy is tab-separated, which a spreadsheet pastes into columns.
  const csvOf = async () => csvFile(await rowsOf());
  const tsvOf = async () => csvText(await rowsOf(), '\t');
  const failedWith = (problem: string) => (error: unknown) => setFailed(`${problem} ${errorMessage(error)}`);
  const download = () => {
    setFailed(null);
    csvOf()
      .then((csv) => {
        const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
        const a = document.createElement('a');
        a.href = url;
        a.download = `${what}.csv`;
        a.click();
        URL.revokeObjectURL(url);
      })
      .catch(failedWith(t`The list could not be loaded.`));
  };
  const copy = () => {
    setFailed(null);
    setCopied(false);
    // The clipboard is there only on a secure page (HTTPS, or this computer).
    if (!('clipboard' in navigator)) {
      setFailed(t`Copying needs the portal over HTTPS: use Download CSV.`);
      return;
    }
    // Handed to the clipboard at the click, with the list still on its way: Safari refuses a copy that
    // starts after a request, once the click is no longer fresh.
    const copying =
      typeof ClipboardItem === 'function' && 'write' in navigator.clipboard
        ? navigator.clipboard.write([
            new ClipboardItem({
              'text/plain': tsvOf().then((tsv) => new Blob([tsv], { type: 'text/plain' })),
            }),
          ])
        : tsvOf().then((tsv) => navigator.clipboard.writeText(tsv));
    copying.then(() => setCopied(true)).catch(failedWith(t`The list could not be copied.`));
  };
  const n = count.data;
  const total = n === undefined ? '' : formatCount(n);
  const counted =
    n === undefined
      ? count.isError
        ? t`not counted`
        : t`counting…`
      : n === 1
        ? t`${total} student`
        : t`${total} students`;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}
      action={
        <Button color="inherit" size="small" onClick={onClear} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          <Trans>Show all</Trans>
        </Button>
      }
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <span role="status">
          {what}: {counted}
          {failed && ` ${failed}`}
        </span>
        <Button size="small" disabled={n === 0} onClick={copy}>
          {copied ? t`Copied` : t`Copy list`}
        </Button>
        <Button size="small" disabled={n === 0} onClick={download}>
          <Trans>Download CSV</Trans>
        </Button>
      </Box>
    </Alert>
  );
}
