import Alert from '@mui/material/Alert';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCurrentUser } from '../../api/me';
import { LoadingOverlay } from '../../components/loading-overlay';
import { readSession } from '../../api/session';
import { isLeaver, LeaverNotice } from './leaver-notice';
import { StudentRecordEditor } from './editor/student-record-editor';
import { paths } from '../../paths';

/** /registration/*: the signed-in student's own record; editable while registration is open (D13). */
export function RegistrationLayout() {
  const { t } = useLingui();
  const studentId = readSession().userId;
  const me = useCurrentUser();
  const year = me.data?.year;
  if (!studentId)
    return (
      <Alert severity="info">
        <Trans>Only a student account has a registration to fill in.</Trans>
      </Alert>
    );
  // Who is signed in decides the page: a leaver's record is not even asked for (the server would refuse it).
  if (me.isPending) return <LoadingOverlay open label={t`Loading the registration`} />;
  if (year && isLeaver(year)) return <LeaverNotice year={year} />;
  return <StudentRecordEditor studentId={studentId} staff={false} stepPath={paths.registration.step} />;
}
