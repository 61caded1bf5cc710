import Button from '@mui/material/Button';
import { type CurrentUser, type ParentLogin } from '@sp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { forgetUserData } from '../../api/forget-user-data';
import { useCurrentUser } from '../../api/me';
import { parentTabChild, startParentSession } from '../../api/session';
import { sessionState } from '../../api/session-state';
import { paths } from '../../paths';
import { SignInAgainFrame, useSignInForm } from '../auth';
import { loginParent } from './api';
import { ParentLoginFields } from './parent-parts';
import { Trans } from '@lingui/react/macro';

/**
 * D26 for a parent's tab (D50): a save found the session ended, and the parent signs in again here with their
 * own e-mail address, never the child's student ID. The same account, still linked to the child shown, gets
 * what was typed sent; anyone else starts afresh.
 */
export function ParentSessionDialog() {
  const open = useSyncExternalStore(sessionState.subscribe, sessionState.isExpired);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const before = useCurrentUser().data;
  const login = useMutation({ mutationFn: loginParent });

  const signedIn = (me: CurrentUser) => {
    const child = parentTabChild();
    if (me.parent?.email === before?.parent?.email && child && me.student_id === child) {
      sessionState.restore();
      return;
    }
    forgetUserData(queryClient);
    sessionState.reset();
    startParentSession(me.student_id, me.name);
    void navigate(me.student_id ? paths.dashboard : paths.parent.children, {
      replace: true,
      state: { discardChanges: true },
    });
  };

  return (
    <SignInAgainFrame open={open} error={login.isError ? login.error : null} pending={login.isPending}>
      <SignInAgainForm
        email={before?.parent?.email ?? ''}
        onValid={(values) => {
          login.reset();
          login.mutate(values, { onSuccess: signedIn });
        }}
      />
    </SignInAgainFrame>
  );
}

/** Mounted as the dialog opens, with the account's address filled in: only the password is asked for. */
function SignInAgainForm({ email, onValid }: { email: string; onValid: (values: ParentLogin) => void }) {
  const form = useSignInForm<ParentLogin>({ email, password: '' }, (checks) => checks.parentLoginSchema);
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <ParentLoginFields form={form} idPrefix="parent-session" focus="password" />
      <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }}>
        <Trans>Sign in</Trans>
      </Button>
    </form>
  );
}
