import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  ROLLOVER_PAGE_SIZE,
  type RolloverPreview,
  type RolloverPreviewQuery,
  type RolloverRow,
} from '@sp/domain';
import { useCallback, useMemo, useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table';
import { formatCount } from '../../components/format-count';
import { useRolloverPreview } from './api/rollover-api';
import { markLabel } from './mark-dialog';
import { nextYearText } from './next-year-text';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  first: RolloverPreview;
  onMark: (row: RolloverRow) => void;
}

const ALL = '*';
const NO_CLASS = '';
const name = (r: RolloverRow) => `${r.last_name}, ${r.first_name}`;
const markText = (r: RolloverRow) =>
  r.mark === 'transferring' && r.school
    ? `${markLabel(r.mark)}: ${r.school}`
    : r.mark
      ? markLabel(r.mark)
      : '';

const PAGE_SIZE = ROLLOVER_PAGE_SIZE;
const NO_SORT: ReadonlySet<string> = new Set();

/** The filters the table sends; those left at their default are left out, so the first page is the panel's. */
function pageParams(classId: string, q: string, marked: boolean, page: number): RolloverPreviewQuery {
  return {
    ...(classId === ALL ? {} : { class_id: classId }),
    ...(q ? { q } : {}),
    ...(marked ? { marked: '1' as const } : {}),
    ...(page > 0 ? { offset: page * PAGE_SIZE } : {}),
  };
}

/**
 * Step 2's students, by class: each row's mark and where it sends the student, with a button to change it.
 * The server searches, filters and pages them (a school may have 100,000); `first` is the panel's preview.
 */
export function StudentsMarks({ first, onMark }: Props) {
  const { t } = useLingui();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [classId, setClassId] = useState(ALL);
  const [marked, setMarked] = useState(false);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const answer = useRolloverPreview(pageParams(classId, q, marked, page));
  const onQuery = useCallback((text: string) => {
    setQ(text);
    setPage(0);
  }, []);
  const columns = useMemo<DataColumn<RolloverRow>[]>(() => {
    const action: DataColumn<RolloverRow> = {
      key: 'action',
      header: t`Mark`,
      width: 84,
      value: () => '',
      render: (r) => {
        const who = name(r);
        return (
          <Button size="small" sx={{ minHeight: 44 }} onClick={() => onMark(r)} aria-label={t`Mark ${who}`}>
            <Trans>Mark</Trans>
          </Button>
        );
      },
    };
    const student = { key: 'name', header: t`Student`, width: phone ? 150 : 190, value: name };
    const next = { key: 'next', header: t`Next year`, width: phone ? 190 : 230, value: nextYearText };
    if (phone)
      return [
        action,
        { ...student, value: (r) => `${name(r)} (${r.student_id}, ${r.from.class_id ?? t`no class`})` },
        { ...next, value: (r) => [markText(r), nextYearText(r)].filter(Boolean).join(' · ') },
      ];
    return [
      { key: 'id', header: t`Student ID`, width: 110, value: (r) => r.student_id },
      student,
      { key: 'class', header: t`Class`, width: 70, value: (r) => r.from.class_id ?? '' },
      { key: 'mark', header: t`Marked`, width: 190, value: markText },
      next,
      action,
    ];
  }, [phone, onMark, t]);
  const total = answer.data?.students_total;
  const shownTotal = total === undefined ? '-' : formatCount(total);
  const allStudents = formatCount(first.students_total);

  return (
    <>
      <Typography variant="h6" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
        <Trans>Students</Trans>
      </Typography>
      <DataTable
        label={t`Students for next year`}
        searchLabel={t`Search students`}
        columns={columns}
        rows={answer.data?.students}
        rowKey={(r) => r.student_id}
        loading={answer.isPending}
        error={answer.error}
        onRetry={() => void answer.refetch()}
        height="50vh"
        emptyText={marked ? t`No marked students here.` : t`No students in this class.`}
        server={{
          sortKeys: NO_SORT,
          onQuery,
          more: total !== undefined && (
            <TablePagination
              component="div"
              count={total}
              page={Math.min(page, Math.max(0, Math.ceil(total / PAGE_SIZE) - 1))}
              rowsPerPage={PAGE_SIZE}
              rowsPerPageOptions={[PAGE_SIZE]}
              onPageChange={(_e, p) => setPage(p)}
              disabled={answer.isFetching}
              sx={{ ml: 'auto' }}
            />
          ),
        }}
        toolbar={
          <>
            <TextField
              select
              size="small"
              label={t`Class`}
              id="rollover-class-filter"
              value={classId}
              onChange={(e) => {
                setClassId(e.target.value);
                setPage(0);
              }}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value={ALL}>
                <Trans>All classes</Trans>
              </MenuItem>
              {first.student_classes.map((c) => (
                <MenuItem key={c.class_id ?? NO_CLASS} value={c.class_id ?? NO_CLASS}>
                  {c.class_id ?? t`No class`}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={
                <Switch
                  checked={marked}
                  onChange={(e) => {
                    setMarked(e.target.checked);
                    setPage(0);
                  }}
                />
              }
              label={t`Only marked`}
            />
          </>
        }
        footer={
          <Box component="span">
            {classId === ALL && !q && !marked ? (
              <Trans>Students: {shownTotal}</Trans>
            ) : (
              <Trans>
                Students: {shownTotal} (of {allStudents})
              </Trans>
            )}
          </Box>
        }
      />
    </>
  );
}
