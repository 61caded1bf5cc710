import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ABSENT_MARK, formatMark, isValidMark, parseMark, resultMessages, type ClassGrid } from '@sp/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { ScrollBox } from '../../components/scroll-box';
import { useFormClasses } from '../../components/student-record/api/get-lookup';
import { gridQuery, useSaveMark } from './api/term-results';

interface Editing {
  student: ClassGrid['students'][number];
  subject: ClassGrid['subjects'][number];
}

/** A typed mark: blank or "Abs" is a missing mark; otherwise 0–100 with one decimal. */
function markFrom(text: string): { value: number | null; ok: boolean } {
  const t = text.trim();
  if (t === '' || t.toLowerCase() === ABSENT_MARK.toLowerCase()) return { value: null, ok: true };
  const value = parseMark(t);
  return { value, ok: value !== null && isValidMark(value) };
}

function MarkDialog({
  termId,
  classId,
  editing,
  onClose,
}: {
  termId: number;
  classId: string;
  editing: Editing;
  onClose: () => void;
}) {
  const save = useSaveMark(termId, classId);
  const before = editing.student.results.find((r) => r.subject_id === editing.subject.id);
  const [course, setCourse] = useState(
    before?.course_mark === null || !before ? '' : String(before.course_mark),
  );
  const [exam, setExam] = useState(before?.exam_mark === null || !before ? '' : String(before.exam_mark));
  const c = markFrom(course);
  const e = markFrom(exam);
  const titleId = 'mark-dialog-title';
  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {editing.subject.title}: {editing.student.name}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Leave a mark blank or type Abs when it is missing.
        </DialogContentText>
        <Stack spacing={2}>
          <TextField
            id="mark-course"
            label="Course mark"
            value={course}
            onChange={(ev) => setCourse(ev.target.value)}
            error={!c.ok}
            helperText={c.ok ? ' ' : resultMessages.mark}
          />
          <TextField
            id="mark-exam"
            label="Exam mark"
            value={exam}
            onChange={(ev) => setExam(ev.target.value)}
            error={!e.ok}
            helperText={e.ok ? ' ' : resultMessages.mark}
          />
          {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!c.ok || !e.ok || save.isPending}
          onClick={() =>
            save.mutate(
              {
                student_id: editing.student.id,
                subject_id: editing.subject.id,
                course_mark: c.value,
                exam_mark: e.value,
              },
              { onSuccess: onClose },
            )
          }
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One class's totals and grades this term; choosing a cell corrects that mark. */
export function MarksGrid({ termId }: { termId: number }) {
  const classes = useFormClasses();
  const [classId, setClassId] = useState('');
  const grid = useQuery({ ...gridQuery(termId, classId), enabled: classId !== '' });
  const [editing, setEditing] = useState<Editing | null>(null);
  const data = grid.data;
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Correct a mark
      </Typography>
      <TextField
        id="grid-class"
        select
        size="small"
        label="Class"
        value={classId}
        onChange={(e) => setClassId(e.target.value)}
        sx={{ minWidth: 160, mb: 2 }}
      >
        {(classes.data ?? []).map((c) => (
          <MenuItem key={c.class_id} value={c.class_id}>
            {c.class_id}
          </MenuItem>
        ))}
      </TextField>
      {grid.isError && <Alert severity="error">{errorMessage(grid.error)}</Alert>}
      {data && (
        <ScrollBox label={`Marks of ${classId}, scrollable`}>
          <Table size="small" aria-label={`Marks of ${classId}`}>
            <TableHead>
              <TableRow>
                <TableCell>Student</TableCell>
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
                    const text = !r
                      ? '—'
                      : r.total === null
                        ? ABSENT_MARK
                        : `${formatMark(r.total)} ${r.grade ?? ''}`;
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
                  <TableCell colSpan={data.subjects.length + 1}>No students in {classId}.</TableCell>
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
