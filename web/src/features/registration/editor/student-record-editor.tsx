import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  isRegistrationOpen,
  type RegistrationStatus,
  type RegistrationStep,
  type StudentRecord,
} from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { errorMessage } from '../../../api/client';
import { currentUserQuery, useCurrentUser } from '../../../api/me';
import { useSchoolTime } from '../../../api/school-time';
import { sessionState } from '../../../api/session-state';
import { usePublicSettings } from '../../../api/settings';
import { LeaveGuard } from '../../../components/autosave/leave-guard';
import { studentRecordKeys } from '../api/query-keys';
import { OfflineNotice } from '../../../components/autosave/offline-notice';
import { UnsavedChanges, UnsavedChangesContext } from '../../../components/autosave/unsaved-changes';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { useFormClasses } from '../../../components/lookups/get-lookup';
import { useRegistrationStatus } from '../api/get-registration-status';
import { useStudent } from '../api/get-student';
import { rememberSavedField, saveStudentField } from '../api/save-student-field';
import { StudentRecordContext, type StudentRecordContextValue } from './record-context';
import { RegistrationFrame } from './registration-frame';
import { registrationNotice } from './registration-notice';

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <Box sx={{ maxWidth: 500, mx: 'auto' }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t`Retry`}
          </Button>
        }
      >
        {t`The registration could not be loaded.`} {errorMessage(error)}
      </Alert>
    </Box>
  );
}

/** The student's form level: that of the class matching their class_id (spec section 4). */
function useFormLevel(record: StudentRecord | undefined): number | null {
  const classes = useFormClasses();
  if (!record) return null;
  const fromClasses = classes.data?.find((c) => c.class_id === record.class_id)?.form_level;
  return fromClasses ?? record.form_level;
}

interface Props {
  studentId: string;
  /** Staff edit at any time and set class and house; a student only while registration is open (D13). */
  staff: boolean;
  stepPath: (step: RegistrationStep) => string;
}

/**
 * The registration record of one student, as its six steps (the child routes): loads the record, the class
 * list and the registration window, then shows the steps with every field saving on its own (D14).
 */
export function StudentRecordEditor({ studentId, staff, stepPath }: Props) {
  const queryClient = useQueryClient();
  // The notice and dates are worded at render: a change of language renders them again.
  const { t } = useLingui();
  const student = useStudent(studentId);
  const formLevel = useFormLevel(student.data);
  const status = useRegistrationStatus(formLevel);
  const settings = usePublicSettings();
  const time = useSchoolTime();
  const me = useCurrentUser();
  const year = staff ? null : (me.data?.year ?? null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [changes] = useState(() => new UnsavedChanges());
  const { pathname } = useLocation();
  const [firstPath] = useState(pathname);
  const [movedBetweenSteps, setMovedBetweenSteps] = useState(false);
  if (!movedBetweenSteps && pathname !== firstPath) setMovedBetweenSteps(true);

  const saveField = useCallback(
    async (name: string, value: string | number) => {
      const result = await saveStudentField(studentId, name, value);
      rememberSavedField(queryClient, studentId, name, value, result);
    },
    [queryClient, studentId],
  );
  const onRejected = useCallback(
    (message: string) => {
      setRefusal(message);
      void queryClient.invalidateQueries({ queryKey: studentRecordKeys.registrationStatus });
    },
    [queryClient],
  );
  // A 401 on a save: a student signs in again over the page and the values are resent (D26); for staff,
  // asking who is signed in lets the app's session-expired handling take over.
  const onSignedOut = useCallback(() => {
    if (staff) void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    else sessionState.expire();
  }, [queryClient, staff]);

  // Open or closed, and which days are past, by the school's calendar: the deadline day ends at midnight
  // where the school is, not where the family's laptop is (D13).
  const now = new Date();
  const today = time?.today();
  const statusData: RegistrationStatus | null = status.data ?? null;
  const editable = staff || (statusData !== null && !!time && isRegistrationOpen(statusData, now, time.zone));
  const record = student.data;
  const notice = refusal
    ? { severity: 'warning' as const, text: refusal }
    : time
      ? registrationNotice(statusData, formLevel, now, time.zone)
      : null;
  const learningChallengesEnabled = settings.data?.learning_challenges_enabled ?? false;
  const context = useMemo<StudentRecordContextValue | null>(
    () =>
      record && today
        ? {
            studentId,
            staff,
            stepPath,
            record,
            editable,
            year,
            today,
            learningChallengesEnabled,
            movedBetweenSteps,
            saveField,
            onRejected,
            onSignedOut,
          }
        : null,
    [
      record,
      studentId,
      staff,
      stepPath,
      editable,
      year,
      today,
      learningChallengesEnabled,
      movedBetweenSteps,
      saveField,
      onRejected,
      onSignedOut,
    ],
  );

  if (student.isError) return <LoadError error={student.error} onRetry={() => void student.refetch()} />;
  if (status.isError) return <LoadError error={status.error} onRetry={() => void status.refetch()} />;
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  const waitingForStatus = formLevel !== null && status.isPending;
  if (!context || waitingForStatus) return <LoadingOverlay open label={t`Loading the registration`} />;

  return (
    <UnsavedChangesContext.Provider value={changes}>
      <StudentRecordContext.Provider value={context}>
        <OfflineNotice changes={changes} />
        <RegistrationFrame record={context.record} notice={notice} />
        <LeaveGuard changes={changes} />
      </StudentRecordContext.Provider>
    </UnsavedChangesContext.Provider>
  );
}
