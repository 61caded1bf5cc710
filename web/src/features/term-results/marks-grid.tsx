import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ABSENT_INPUT,
  isAbsentWord,
  isValidMark,
  markLabel,
  parseMark,
  resultMessages,
  type ClassGrid,
  type MarkValue,
} from '@sp/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { FormServerError } from '../../components/form-server-error';
import { ScrollBox } from '../../components/scroll-box';
import { gridQuery, useResultClasses, useSaveMark } from './api/term-results';
import { ClassChoice, firstClass } from './class-choice';

interface Editing {
  student: ClassGrid['students'][number];
  subject: ClassGrid['subjects'][number];
}

/**
 * A typed mark (D40): a number or ABS; cleared only by the Clear button. A field left blank keeps what is
 * stored, so a blank field over a stored mark asks for Clear instead of removing it silently.
 */
function markFrom(text: string, stored: string, cleared: boolean): { value: MarkValue; error: string } {
  const t = text.trim();
  if (cleared) return { value: null, error: '' };
  if (t === '') return { value: undefined, error: stored ? resultMessages.blankMark : '' };
  if (isAbsentWord(t)) return { value: ABSENT_INPUT, error: '' };
  const value = parseMark(t);
  return value !== null && isValidMark(value) ? { value, error: '' } : { value, error: resultMessages.mark };
}

/** One mark's field with its Clear button. */
function MarkField(props: {
  id: string;
  label: string;
  text: string;
  stored: string;
  cleared: boolean;
  error: string;
  onText: (text: string) => void;
  onClear: () => void;
}) {
  const hint = props.cleared
    ? 'Will be cleared: no mark entered.'
    : `A mark from 0 to 100, or ${ABSENT_INPUT}.`;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        id={props.id}
        label={props.label}
        value={props.text}
        onChange={(ev) => props.onText(ev.target.value)}
        error={Boolean(props.error)}
        helperText={props.error || hint}
        sx={{ flex: 1 }}
      />
      {props.stored && (
        <Button
          onClick={props.onClear}
          disabled={props.cleared}
          sx={{ mt: 1 }}
          aria-label={`Clear ${props.label.toLowerCase()}`}
        >
          Clear
        </Button>
      )}
    </Stack>
  );
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
  const stored = {
    course: before ? markLabel(before.course_mark, before.course_absent) : '',
    exam: before ? markLabel(before.exam_mark, before.exam_absent) : '',
  };
  const [course, setCourse] = useState(stored.course);
  const [exam, setExam] = useState(stored.exam);
  const [cleared, setCleared] = useState({ course: false, exam: false });
  const c = markFrom(course, stored.course, cleared.course);
  const e = markFrom(exam, stored.exam, cleared.exam);
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
          Type {ABSENT_INPUT} when the student was absent. Clear removes a mark entered by mistake.
        </DialogContentText>
        <Stack spacing={2}>
          <MarkField
            id="mark-course"
            label="Course mark"
            text={course}
            stored={stored.course}
            cleared={cleared.course}
            error={c.error}
            onText={(t) => {
              setCourse(t);
              setCleared((x) => ({ ...x, course: false }));
            }}
            onClear={() => {
              setCourse('');
              setCleared((x) => ({ ...x, course: true }));
            }}
          />
          <MarkField
            id="mark-exam"
            label="Exam mark"
            text={exam}
            stored={stored.exam}
            cleared={cleared.exam}
            error={e.error}
            onText={(t) => {
              setExam(t);
              setCleared((x) => ({ ...x, exam: false }));
            }}
            onClear={() => {
              setExam('');
              setCleared((x) => ({ ...x, exam: true }));
            }}
          />
          <FormServerError error={save.error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={Boolean(c.error || e.error) || save.isPending}
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
        Correct a mark
      </Typography>
      <Stack sx={{ mb: 2, alignItems: 'flex-start' }}>
        <ClassChoice id="grid-class" label="Class" value={classId} onChange={setPicked} data={classes.data} />
      </Stack>
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
