import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { RolloverConflict, RolloverPreview, RolloverRow } from '@sp/domain';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../paths';

interface Props {
  preview: RolloverPreview;
  /** Opens the mark of the student a conflict is about. */
  onMark: (row: RolloverRow) => void;
  /** Leads to the class moves, with a row for the class a conflict is about. */
  onFixClass: (classId: string) => void;
}

/** A school with thousands of students and no classes yet gets a page, not a wall of text. */
const SHOWN = 200;

/**
 * The classes whose move fixes a class conflict: the class itself, or the classes of the students it stops
 * (a missing class is where they would go, not where they are).
 */
function sourceClasses(preview: RolloverPreview, c: RolloverConflict): string[] {
  if (!c.class_id) return [];
  const from = preview.students.flatMap((s) =>
    s.problem && (s.from.class_id === c.class_id || s.next?.class_id === c.class_id) && s.from.class_id
      ? [s.from.class_id]
      : [],
  );
  return [...new Set(from)].sort();
}

/** Each conflict in the office's words, with the way to fix it beside it: confirm waits until none is left. */
export function ConflictsList({ preview, onMark, onFixClass }: Props) {
  if (preview.conflicts.length === 0)
    return (
      <Alert severity="success" sx={{ mt: 2 }}>
        No conflicts: every student has a place next year or a reason to leave.
      </Alert>
    );
  const byId = new Map(preview.students.map((s) => [s.student_id, s]));
  const fix = (c: RolloverConflict) => {
    const row = c.student_id ? byId.get(c.student_id) : undefined;
    if (row)
      return (
        <>
          <Button
            size="small"
            onClick={() => onMark(row)}
            aria-label={`Mark ${row.first_name} ${row.last_name}`}
          >
            Change the mark
          </Button>
          <Link component={RouterLink} to={paths.admin.studentRecord(row.student_id)} sx={{ ml: 1 }}>
            Open the record of {row.first_name} {row.last_name}
          </Link>
        </>
      );
    return sourceClasses(preview, c).map((classId) => (
      <Button key={classId} size="small" onClick={() => onFixClass(classId)}>
        Set a class move for {classId}
      </Button>
    ));
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Alert severity="warning">
        {preview.conflicts.length === 1 ? '1 conflict' : `${preview.conflicts.length} conflicts`} must be
        fixed before the rollover can be confirmed.
      </Alert>
      <Box component="ol" aria-label="Conflicts" sx={{ pl: 3 }}>
        {preview.conflicts.slice(0, SHOWN).map((c, i) => (
          <Box component="li" key={i} sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {c.message} {fix(c)}
          </Box>
        ))}
      </Box>
      {preview.conflicts.length > SHOWN && (
        <Typography variant="body2">
          The first {SHOWN} are listed; fix them and the preview lists the next.
        </Typography>
      )}
    </Box>
  );
}
