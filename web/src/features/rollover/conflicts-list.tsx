import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { RolloverPreview, RolloverPreviewConflict, RolloverRow } from '@sp/domain';
import { Link as RouterLink } from 'react-router';
import { formatCount } from '../../components/format-count';
import { paths } from '../../paths';

interface Props {
  preview: RolloverPreview;
  /** Opens the mark of the student a conflict is about. */
  onMark: (row: RolloverRow) => void;
  /** Leads to the class moves, with a row for the class a conflict is about. */
  onFixClass: (classId: string) => void;
}

/** Each conflict in the office's words, with the way to fix it beside it: confirm waits until none is left. */
export function ConflictsList({ preview, onMark, onFixClass }: Props) {
  const total = preview.conflicts_total;
  if (total === 0)
    return (
      <Alert severity="success" sx={{ mt: 2 }}>
        No conflicts: every student has a place next year or a reason to leave.
      </Alert>
    );
  const fix = (c: RolloverPreviewConflict) => {
    const row = c.student;
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
    return c.fix_classes.map((classId) => (
      <Button key={classId} size="small" onClick={() => onFixClass(classId)}>
        Set a class move for {classId}
      </Button>
    ));
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Alert severity="warning">
        {total === 1 ? '1 conflict' : `${formatCount(total)} conflicts`} must be fixed before the rollover can
        be confirmed.
      </Alert>
      <Box component="ol" aria-label="Conflicts" sx={{ pl: 3 }}>
        {preview.conflicts.map((c, i) => (
          <Box component="li" key={i} sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {c.message} {fix(c)}
          </Box>
        ))}
      </Box>
      {total > preview.conflicts.length && (
        <Typography variant="body2">
          The first {preview.conflicts.length} are listed; fix them and the preview lists the next.
        </Typography>
      )}
    </Box>
  );
}
