import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { AdminStudent, StudentListSort } from '@sp/domain';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataColumn, type SortState } from '../../components/data-table';
import { formatCount } from '../../components/format-count';
import { paths } from '../../paths';
import { usePendingStudents, type PendingFilter } from '../completion';
import { FamilyLettersButton } from '../family-staff';
import { useSchoolYear } from '../school-years';
import { PAGE_SIZE, useStudentPages, useStudents } from './api/get-students';
import { useCurrentYearLabel } from './use-current-year-label';
import { StudentRowActions, type StudentDialog } from './student-row-actions';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';

const isoDate = (value: string | null): string =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';

/** A phone shows ID, name (with the class) and the actions; the rest are a tap away in Edit. */
const PHONE_COLUMNS = new Set(['id', 'name', 'actions']);

function columnsFor(
  onOpen: (dialog: StudentDialog, student: AdminStudent) => void,
  phone: boolean,
  closedYear: number | undefined,
  currentYearLabel: string | undefined,
  t: (descriptor: MessageDescriptor) => string,
): DataColumn<AdminStudent>[] {
  const all: DataColumn<AdminStudent>[] = [
    { key: 'id', header: t(msg`ID`), value: (s) => s.id, width: phone ? 84 : 110 },
    {
      key: 'name',
      header: t(msg`Name`),
      value: (s) =>
        [s.name, phone && s.class_id ? s.class_id : null, s.withdrawn_at ? t(msg`(withdrawn)`) : null]
          .filter(Boolean)
          .join(' '),
      width: phone ? 124 : undefined,
    },
    { key: 'class_id', header: t(msg`Class`), value: (s) => s.class_id ?? '', width: 80 },
    {
      key: 'date_of_birth',
      header: t(msg`Date of Birth`),
      value: (s) => isoDate(s.date_of_birth),
      width: 130,
    },
    // D10: the spec's "Birth Certicate Pin", spelt right.
    {
      key: 'birth_certificate_no',
      header: t(msg`Birth Certificate Pin`),
      value: (s) => s.birth_certificate_no ?? '',
      width: 180,
    },
    {
      key: 'actions',
      header: t(msg`Actions`),
      value: () => '',
      render: (s) => (
        <StudentRowActions
          student={s}
          onOpen={onOpen}
          compact={phone}
          closedYear={closedYear}
          currentYearLabel={currentYearLabel}
        />
      ),
      width: phone ? 76 : 130,
    },
  ];
  return phone ? all.filter((c) => PHONE_COLUMNS.has(c.key)) : all;
}

/** The columns a bigger school's list sorts by on the server, and the server's name for each order. */
const SERVER_SORTS: Record<string, StudentListSort> = { id: 'id', name: 'name', class_id: 'class' };
const SERVER_SORT_KEYS: ReadonlySet<string> = new Set(Object.keys(SERVER_SORTS));

interface Props {
  onOpen: (dialog: StudentDialog, student: AdminStudent) => void;
  /** Only the students who have not done this (the completion dashboard's choice), or everyone. */
  pending?: PendingFilter | null;
}

/**
 * The admin dashboard's 'Students' table: newest update first; the search matches ID, names, class and birth
 * pin; only the rows in view are drawn, so a school of thousands stays quick. A school of more than a few
 * thousand is searched, sorted and paged by the server (D28).
 */
export function StudentsTable({ onOpen, pending = null }: Props) {
  const { t } = useLingui();
  const [includeWithdrawn, setIncludeWithdrawn] = useState(false);
  const [noParent, setNoParent] = useState(false);
  const whole = useStudents(includeWithdrawn);
  const paged = whole.data !== undefined && whole.data.rows === null;
  const [serverQuery, setServerQuery] = useState<{ q: string; sort: StudentListSort }>({
    q: '',
    sort: 'updated',
  });
  const pages = useStudentPages(paged, includeWithdrawn, serverQuery.q, serverQuery.sort, pending, noParent);
  // The whole list is filtered here by the "not done" list; pages are filtered by the server.
  const notDone = usePendingStudents(paged ? null : pending);
  const onlyIds = useMemo(
    () => (pending && !paged ? new Set((notDone.data ?? []).map((s) => s.id)) : null),
    [pending, paged, notDone.data],
  );
  const onQuery = useCallback(
    (q: string, sort: SortState | null) =>
      setServerQuery({ q, sort: (sort && SERVER_SORTS[sort.key]) ?? 'updated' }),
    [],
  );
  const rows = useMemo(() => {
    const list = paged ? pages.data?.pages.flatMap((page) => page.data) : whole.data?.rows;
    if (!list) return undefined;
    const only = list.filter(
      (s) => (!onlyIds || onlyIds.has(s.id)) && (paged || !noParent || s.parents_linked === 0),
    );
    return paged ? only : only.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }, [paged, pages.data, whole.data, onlyIds, noParent]);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { year: closedYear, readOnly } = useSchoolYear();
  const currentLabel = useCurrentYearLabel();
  const columns = useMemo(
    () => columnsFor(onOpen, phone, closedYear, currentLabel, t),
    [onOpen, phone, closedYear, currentLabel, t],
  );
  const matching = pages.data?.pages[0]?.total;
  const active = paged ? pages : whole;
  const studentTotal = whole.data ? formatCount(whole.data.total) : '-';
  const shown = rows ? formatCount(rows.length) : '';
  const total = matching !== undefined ? formatCount(matching) : '';
  const next = rows && matching !== undefined ? formatCount(Math.min(PAGE_SIZE, matching - rows.length)) : '';
  const query = serverQuery.q;
  return (
    <DataTable
      label={t`Students`}
      columns={columns}
      rows={rows}
      rowKey={(s) => s.id}
      searchLabel={t`Search students`}
      loading={whole.isPending || (paged && pages.isPending)}
      error={active.error}
      onRetry={() => void active.refetch()}
      emptyText={t`No students yet.`}
      footer={t`Total Number of Students: ${studentTotal}`}
      server={
        paged
          ? {
              sortKeys: SERVER_SORT_KEYS,
              onQuery,
              more: rows && matching !== undefined && (
                <>
                  <Typography variant="body2" component="p" color="text.secondary">
                    {query
                      ? t`Showing ${shown} of ${total} matching "${query}"`
                      : t`Showing ${shown} of ${total}`}
                  </Typography>
                  {pages.hasNextPage && (
                    <Button
                      size="small"
                      onClick={() => void pages.fetchNextPage()}
                      loading={pages.isFetchingNextPage}
                      sx={{ ml: 'auto' }}
                    >
                      <Trans>Show {next} more</Trans>
                    </Button>
                  )}
                </>
              ),
            }
          : undefined
      }
      toolbar={
        <>
          <FormControlLabel
            control={
              <Switch
                checked={includeWithdrawn}
                onChange={(event) => setIncludeWithdrawn(event.target.checked)}
              />
            }
            label={t`Show withdrawn`}
          />
          {/* D50: the families still to reach with a letter or the registration form's code. */}
          <FormControlLabel
            control={<Switch checked={noParent} onChange={(event) => setNoParent(event.target.checked)} />}
            label={t`No parent linked`}
          />
          {!readOnly && <FamilyLettersButton />}
          {!readOnly && (
            <Button
              component={RouterLink}
              to={paths.admin.addStudent}
              startIcon={<PersonAddIcon />}
              sx={{ ml: 'auto' }}
            >
              <Trans>Add student</Trans>
            </Button>
          )}
        </>
      }
    />
  );
}
