import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { fieldValue, type AdminStudent, type StudentRecord } from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useSchoolTime } from '../../../api/school-time';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { paths } from '../../../paths';
import { rememberSavedField, saveStudentField, useStudent } from '../../registration';
import { allStudentLists } from '../api/get-students';
import { EditSaveStatus, type EditStatus } from './edit-save-status';
import {
  EDIT_FIELDS,
  EditStudentFields,
  editProblem,
  type EditDrafts,
  type EditField,
} from './edit-student-fields';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  student: AdminStudent;
  onClose: () => void;
}

const draftsOf = (record: StudentRecord): EditDrafts => ({
  first_name: String(fieldValue(record, 'first_name') ?? ''),
  last_name: String(fieldValue(record, 'last_name') ?? ''),
  date_of_birth: String(fieldValue(record, 'date_of_birth') ?? ''),
  birth_cert_no: String(fieldValue(record, 'birth_cert_no') ?? ''),
  class_id: String(fieldValue(record, 'class_id') ?? ''),
  house_code: String(fieldValue(record, 'house_code') ?? ''),
});

/**
 * The Edit Student dialog (spec section 2): each field saves when it is left or a date is picked, through
 * the same `POST /api/student` as the registration; the status line says how the last save went and the
 * students list reloads after it.
 */
export function EditStudentDialog({ student, onClose }: Props) {
  const { t } = useLingui();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const record = useStudent(student.id);
  const queryClient = useQueryClient();
  const today = useSchoolTime()?.today();
  const [status, setStatus] = useState<EditStatus>({ phase: 'idle' });
  const [drafts, setDrafts] = useState<EditDrafts | null>(null);
  const [problems, setProblems] = useState<Partial<Record<EditField, string>>>({});
  // What the server holds, so a field left unchanged is not sent again.
  const stored = useRef<EditDrafts | null>(null);
  useEffect(() => {
    if (record.data && !stored.current) {
      stored.current = draftsOf(record.data);
      setDrafts(stored.current);
    }
  }, [record.data]);

  const save = async (name: EditField, value: string, boxProblem?: string) => {
    const problem = boxProblem ?? editProblem(name, value, today);
    setProblems((p) => ({ ...p, [name]: problem ?? undefined }));
    if (problem || !stored.current || stored.current[name] === value) return;
    setStatus({ phase: 'saving' });
    try {
      const result = await saveStudentField(student.id, name, value);
      stored.current = { ...stored.current, [name]: value };
      rememberSavedField(queryClient, student.id, name, value, result);
      setStatus({ phase: 'saved' });
      await queryClient.invalidateQueries(allStudentLists);
    } catch (error) {
      setStatus({ phase: 'failed', message: errorMessage(error) });
    }
  };
  const saveAll = async () => {
    if (!drafts) return;
    for (const name of EDIT_FIELDS) await save(name, drafts[name]);
  };

  const titleId = 'edit-student-title';
  const studentId = student.id;
  const problem = record.isError ? errorMessage(record.error) : '';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        <Trans>Edit Student</Trans>
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          <Trans>Student ID {studentId}</Trans>
        </Typography>
        {record.isPending && <LoadingOverlay open label={t`Loading the student`} />}
        {record.isError && (
          <Typography color="error">
            <Trans>The student could not be loaded. {problem}</Trans>
          </Typography>
        )}
        {drafts && (
          <EditStudentFields
            drafts={drafts}
            problems={problems}
            onChange={(name, value) => setDrafts((d) => d && { ...d, [name]: value })}
            onCommit={(name, value, problem) => void save(name, value, problem)}
            today={today}
          />
        )}
        <EditSaveStatus status={status} />
        <Link component={RouterLink} to={paths.admin.studentRecord(student.id)}>
          <Trans>Open the whole registration record</Trans>
        </Link>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" disabled={status.phase === 'saving'} onClick={() => void saveAll()}>
          <Trans>Save</Trans>
        </Button>
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
