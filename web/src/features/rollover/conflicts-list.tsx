import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { RolloverPreview, RolloverPreviewConflict, RolloverRow } from '@sp/domain';
import { Link as RouterLink } from 'react-router';
import { formatCount } from '../../components/format-count';
import { paths } from '../../paths';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  preview: RolloverPreview;
  /** Opens the mark of the student a conflict is about. */
  onMark: (row: RolloverRow) => void;
  /** Leads to the class moves, with a row for the class a conflict is about. */
  onFixClass: (classId: string) => void;
}

/** Each conflict in the office's words, with the way to fix it beside it: confirm waits until none is left. */
export function ConflictsList({ preview, onMark, onFixClass }: Props) {
  const { t } = useLingui();
  const total = preview.conflicts_total;
  if (total === 0)
    return (
      <Alert severity="success" sx={{ mt: 2 }}>
        <Trans>No conflicts: every student has a place next year or a reason to leave.</Trans>
      </Alert>
    );
  const fix = (c: RolloverPreviewConflict) => {
    const row = c.student;
    if (row) {
      const { first_name: firstName, last_name: lastName } = row;
      return (
        <>
          <Button size="small" onClick={() => onMark(row)} aria-label={t`Mark ${firstName} ${lastName}`}>
            <Trans>Change the mark</Trans>
          </Button>
          <Link component={RouterLink} to={paths.admin.studentRecord(row.student_id)} sx={{ ml: 1 }}>
            <Trans>
              Open the record of {firstName} {lastName}
            </Trans>
          </Link>
        </>
      );
    }
    return c.fix_classes.map((classId) => (
      <Button key={classId} size="small" onClick={() => onFixClass(classId)}>
        <Trans>Set a class move for {classId}</Trans>
      </Button>
    ));
  };
  const shownTotal = formatCount(total);
  const listed = preview.conflicts.length;
  return (
    <Box sx={{ mt: 2 }}>
      <Alert severity="warning">
        {total === 1 ? (
          <Trans>1 conflict must be fixed before the rollover can be confirmed.</Trans>
        ) : (
          <Trans>{shownTotal} conflicts must be fixed before the rollover can be confirmed.</Trans>
        )}
      </Alert>
      <Box component="ol" aria-label={t`Conflicts`} sx={{ pl: 3 }}>
        {preview.conflicts.map((c, i) => (
          <Box component="li" key={i} sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {c.message} {fix(c)}
          </Box>
        ))}
      </Box>
      {total > preview.conflicts.length && (
        <Typography variant="body2">
          <Trans>The first {listed} are listed; fix them and the preview lists the next.</Trans>
        </Typography>
      )}
    </Box>
  );
}
