import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { RolloverPreview, RolloverRow } from '@sp/domain';
import { useMemo, useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table';
import { markLabel } from './mark-dialog';
import { nextYearText } from './next-year-text';

interface Props {
  preview: RolloverPreview;
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

/** Step 2's students, by class: each row's mark and where it sends the student, with a button to change it. */
export function StudentsMarks({ preview, onMark }: Props) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [classId, setClassId] = useState(ALL);
  const classes = useMemo(
    () => [...new Set(preview.students.map((s) => s.from.class_id ?? NO_CLASS))].sort(),
    [preview.students],
  );
  const rows = useMemo(
    () =>
      classId === ALL
        ? preview.students
        : preview.students.filter((s) => (s.from.class_id ?? NO_CLASS) === classId),
    [preview.students, classId],
  );
  const columns = useMemo<DataColumn<RolloverRow>[]>(() => {
    const action: DataColumn<RolloverRow> = {
      key: 'action',
      header: 'Mark',
      width: 84,
      value: () => '',
      render: (r) => (
        <Button size="small" sx={{ minHeight: 44 }} onClick={() => onMark(r)} aria-label={`Mark ${name(r)}`}>
          Mark
        </Button>
      ),
    };
    const student = { key: 'name', header: 'Student', width: phone ? 150 : 190, value: name };
    const next = { key: 'next', header: 'Next year', width: phone ? 190 : 230, value: nextYearText };
    if (phone)
      return [
        action,
        { ...student, value: (r) => `${name(r)} (${r.student_id}, ${r.from.class_id ?? 'no class'})` },
        { ...next, value: (r) => [markText(r), nextYearText(r)].filter(Boolean).join(' · ') },
      ];
    return [
      { key: 'id', header: 'Student ID', width: 110, value: (r) => r.student_id },
      student,
      { key: 'class', header: 'Class', width: 70, value: (r) => r.from.class_id ?? '' },
      { key: 'mark', header: 'Marked', width: 190, value: markText },
      next,
      action,
    ];
  }, [phone, onMark]);

  return (
    <>
      <Typography variant="h6" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
        Students
      </Typography>
      <DataTable
        label="Students for next year"
        searchLabel="Search students"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.student_id}
        loading={false}
        error={null}
        onRetry={() => undefined}
        height="50vh"
        emptyText="No students in this class."
        toolbar={
          <TextField
            select
            size="small"
            label="Class"
            id="rollover-class-filter"
            value={classId}
            onChange={(e) => setClassId(e.target.value)}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value={ALL}>All classes</MenuItem>
            {classes.map((c) => (
              <MenuItem key={c} value={c}>
                {c === NO_CLASS ? 'No class' : c}
              </MenuItem>
            ))}
          </TextField>
        }
        footer={
          <Box component="span">
            Students: {rows.length}, marked: {rows.filter((r) => r.mark).length}
          </Box>
        }
      />
    </>
  );
}
