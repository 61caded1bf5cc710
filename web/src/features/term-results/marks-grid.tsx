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
import { markLabel, type ClassGrid } from '@sp/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { ScrollBox } from '../../components/scroll-box';
import { gridQuery, useResultClasses } from './api/term-results';
import { ClassChoice, firstClass } from './class-choice';
import { MarkDialog, type Editing } from './mark-dialog';
import { Trans, useLingui } from '@lingui/react/macro';

/** A cell: the total and grade, else each mark as entered (ABS, or — where none is entered). */
function cellText(r: ClassGrid['students'][number]['results'][number] | undefined): string {
  if (!r) return '—';
  if (r.total !== null) return `${markLabel(r.total, false)} ${r.grade ?? ''}`;
  const course = markLabel(r.course_mark, r.course_absent) || '—';
  const exam = markLabel(r.exam_mark, r.exam_absent) || '—';
  return course === '—' && exam === '—' ? '—' : `${course} / ${exam}`;
}

/** One class's totals and grades this term; choosing a cell corrects that mark. */
export function MarksGrid({ termId }: { termId: number }) {
  const { t } = useLingui();
  const classes = useResultClasses();
  const [picked, setPicked] = useState<string | null>(null);
  // A staff member with classes starts on their own first class.
  const classId = picked ?? firstClass(classes.data);
  const grid = useQuery({ ...gridQuery(termId, classId), enabled: classId !== '' });
  const [editing, setEditing] = useState<Editing | null>(null);
  const data = grid.data;
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        <Trans>Correct a mark</Trans>
      </Typography>
      <Stack sx={{ mb: 2, alignItems: 'flex-start' }}>
        <ClassChoice
          id="grid-class"
          label={t`Class`}
          value={classId}
          onChange={setPicked}
          data={classes.data}
        />
      </Stack>
      {grid.isError && <Alert severity="error">{errorMessage(grid.error)}</Alert>}
      {data && (
        <ScrollBox label={t`Marks of ${classId}, scrollable`}>
          <Table size="small" aria-label={t`Marks of ${classId}`}>
            <TableHead>
              <TableRow>
                <TableCell>
                  <Trans>Student</Trans>
                </TableCell>
                {data.subjects.map((s) => (
                  <TableCell key={s.id} title={s.title}>
                    {s.code}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.students.map((student) => (
                <TableRow key={student.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{student.name}</TableCell>
                  {data.subjects.map((subject) => {
                    const r = student.results.find((x) => x.subject_id === subject.id);
                    const text = cellText(r);
                    return (
                      <TableCell key={subject.id} sx={{ p: 0 }}>
                        <Button
                          size="small"
                          sx={{ minWidth: 64, whiteSpace: 'nowrap' }}
                          onClick={() => setEditing({ student, subject })}
                          aria-label={`${text} ${subject.title} ${student.name}`}
                        >
                          {text}
                        </Button>
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
              {data.students.length === 0 && (
                <TableRow>
                  <TableCell colSpan={data.subjects.length + 1}>
                    <Trans>No students in {classId}.</Trans>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </ScrollBox>
      )}
      {editing && (
        <MarkDialog termId={termId} classId={classId} editing={editing} onClose={() => setEditing(null)} />
      )}
    </Paper>
  );
}
