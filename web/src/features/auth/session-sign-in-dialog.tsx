import type { StudentLogin, StudentLoginResponse } from '@sp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { forgetUserData } from '../../api/forget-user-data';
import { markSignedOut, readSession, startStudentSession } from '../../api/session';
import { sessionState } from '../../api/session-state';
import { paths } from '../../paths';
import { loginStudent } from './api/login-student';
import { SignInAgainFrame } from './sign-in-again-frame';
import { StudentLoginForm } from './student-login-form';
import { useSignInForm } from './use-sign-in-form';

/**
 * D26: a save found the session ended. The page stays as it is, with every typed value in memory, and this
 * dialog signs in again with the sign-in screen's own form and rules. The same student gets the values
 * sent; another student starts afresh on their own dashboard.
 */
export function SessionSignInDialog() {
  const open = useSyncExternalStore(sessionState.subscribe, sessionState.isExpired);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useMutation({ mutationFn: loginStudent });
  const form = useSignInForm<StudentLogin>(
    { student_id: readSession().userId ?? '', password: '' },
    (checks) => checks.studentLoginSchema,
  );

  const signedIn = (answer: StudentLoginResponse) => {
    form.reset({ student_id: answer.student_id, password: '' });
    if (answer.password_reset === 0 && answer.student_id === readSession().userId) {
      startStudentSession(answer.student_id, answer.name);
      sessionState.restore();
      return;
    }
    // Someone else, or a first sign-in that must set a password: nothing typed before belongs to them.
    forgetUserData(queryClient);
    sessionState.reset();
    const next = answer.password_reset === 0 ? paths.dashboard : paths.signIn;
    if (answer.password_reset === 0) startStudentSession(answer.student_id, answer.name);
    else markSignedOut();
    void navigate(next, { replace: true, state: { discardChanges: true } });
  };

  return (
    <SignInAgainFrame open={open} error={login.isError ? login.error : null} pending={login.isPending}>
      <StudentLoginForm
        form={form}
        dateOfBirthExpected={false}
        onValid={(values) => {
          login.reset();
          login.mutate(values, { onSuccess: signedIn });
        }}
      />
    </SignInAgainFrame>
  );
}
