import Alert from '@mui/material/Alert';
import { readSession } from '../../api/session';
import { StudentRecordEditor } from './editor/student-record-editor';
import { paths } from '../../paths';

/** /registration/*: the signed-in student's own record; editable while registration is open (D13). */
export function RegistrationLayout() {
  const studentId = readSession().userId;
  if (!studentId) return <Alert severity="info">Only a student account has a registration to fill in.</Alert>;
  return <StudentRecordEditor studentId={studentId} staff={false} stepPath={paths.registration.step} />;
}
