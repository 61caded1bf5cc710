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
import { useSchoolYear } from '../school-years';
import { PAGE_SIZE, useStudentPages, useStudents } from './api/get-students';
import { useCurrentYearLabel } from './use-current-year-label';
import { StudentRowActions, type StudentDialog } from './student-row-actions';

const isoDate = (value: string | null): string =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';

/** A phone shows ID, name (with the class) and the actions; the rest are a tap away in Edit. */
const PHONE_COLUMNS = new Set(['id', 'name', 'actions']);

function columnsFor(
  onOpen: (dialog: StudentDialog, student: AdminStudent) => void,
  phone: boolean,
  closedYear: number | undefined,
  currentYearLabel: string | undefined,
): DataColumn<AdminStudent>[] {
  const all: DataColumn<AdminStudent>[] = [
    { key: 'id', header: 'ID', value: (s) => s.id, width: phone ? 84 : 110 },
    {
      key: 'name',
      header: 'Name',
      value: (s) =>
        [s.name, phone && s.class_id ? s.class_id : null, s.withdrawn_at ? '(withdrawn)' : null]
          .filter(Boolean)
          .join(' '),
      width: phone ? 124 : undefined,
    },
    { key: 'class_id', header: 'Class', value: (s) => s.class_id ?? '', width: 80 },
    { key: 'date_of_birth', header: 'Date of Birth', value: (s) => isoDate(s.date_of_birth), width: 130 },
    // D10: the spec's "Birth Certicate Pin", spelt right.
    {
      key: 'birth_certificate_no',
      header: 'Birth Certificate Pin',
      value: (s) => s.birth_certificate_no ?? '',
      width: 180,
    },
    {
      key: 'actions',
      header: 'Actions',
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
  const [includeWithdrawn, setIncludeWithdrawn] = useState(false);
  const whole = useStudents(includeWithdrawn);
  const paged = whole.data !== undefined && whole.data.rows === null;
  const [serverQuery, setServerQuery] = useState<{ q: string; sort: StudentListSort }>({
    q: '',
    sort: 'updated',
  });
  const pages = useStudentPages(paged, includeWithdrawn, serverQuery.q, serverQuery.sort, pending);
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
    const only = list.filter((s) => !onlyIds || onlyIds.has(s.id));
    return paged ? only : only.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }, [paged, pages.data, whole.data, onlyIds]);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { year: closedYear, readOnly } = useSchoolYear();
  const currentLabel = useCurrentYearLabel();
  const columns = useMemo(
    () => columnsFor(onOpen, phone, closedYear, currentLabel),
    [onOpen, phone, closedYear, currentLabel],
  );
  const matching = pages.data?.pages[0]?.total;
  const active = paged ? pages : whole;
  return (
    <DataTable
      label="Students"
      columns={columns}
      rows={rows}
      rowKey={(s) => s.id}
      searchLabel="Search students"
      loading={whole.isPending || (paged && pages.isPending)}
      error={active.error}
      onRetry={() => void active.refetch()}
      emptyText="No students yet."
      footer={`Total Number of Students: ${whole.data ? formatCount(whole.data.total) : '-'}`}
      server={
        paged
          ? {
              sortKeys: SERVER_SORT_KEYS,
              onQuery,
              more: rows && matching !== undefined && (
                <>
                  <Typography variant="body2" component="p" color="text.secondary">
                    Showing {formatCount(rows.length)} of {formatCount(matching)}
                    {serverQuery.q ? ` matching "${serverQuery.q}"` : ''}
                  </Typography>
                  {pages.hasNextPage && (
                    <Button
                      size="small"
                      onClick={() => void pages.fetchNextPage()}
                      loading={pages.isFetchingNextPage}
                      sx={{ ml: 'auto' }}
                    >
                      Show {formatCount(Math.min(PAGE_SIZE, matching - rows.length))} more
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
            label="Show withdrawn"
          />
          {!readOnly && (
            <Button
              component={RouterLink}
              to={paths.admin.addStudent}
              startIcon={<PersonAddIcon />}
              sx={{ ml: 'auto' }}
            >
              Add student
            </Button>
          )}
        </>
      }
    />
  );
}
