import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { STAFF_ROLE_LABELS, type OneTimePassword, type StaffUser } from '@sp/domain';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useCurrentUser } from '../../api/me';
import { useSchoolMinutes } from '../../api/school-time';
import { useDocumentTitle } from '../../components/use-document-title';
import { AddStaffDialog } from './add-staff-dialog';
import { ClassesDialog } from './classes-dialog';
import { useResetStaffPassword, useStaffUsers, useUpdateStaffUser } from './api/staff-accounts';
import { ConfirmStaffAction } from './confirm-staff-action';
import { OneTimePasswordDialog } from './one-time-password-dialog';
import { ResetSecondFactorDialog, secondFactorLabel } from './second-factor';
import { SignInHistoryDialog } from './sign-in-history-dialog';
import { StaffRowActions, type StaffAction } from './staff-row-actions';
import { Trans, useLingui } from '@lingui/react/macro';

type Open =
  | { kind: 'add' }
  | { kind: 'password'; result: OneTimePassword; reason: 'created' | 'reset' }
  | { kind: StaffAction; user: StaffUser }
  | null;

const hideOnPhone = { display: { xs: 'none', md: 'table-cell' } } as const;

/** Active, active with a one-time password not yet replaced, or deactivated. */
function StatusChip({ user }: { user: StaffUser }) {
  const { t } = useLingui();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={user.active ? 'success' : 'default'}
      label={user.active ? (user.password_reset ? t`Active, new` : t`Active`) : t`Deactivated`}
      sx={{ mt: { xs: 0.5, md: 0 } }}
    />
  );
}

/** Staff Accounts (D6, D22; the admin role only): who may sign in to the staff area, and with which role. */
export function StaffPanel() {
  const { t } = useLingui();
  useDocumentTitle(t`Staff Accounts`);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const staff = useStaffUsers();
  const when = useSchoolMinutes();
  const ownId = useCurrentUser().data?.staff_user_id;
  const update = useUpdateStaffUser();
  const reset = useResetStaffPassword();
  const [open, setOpen] = useState<Open>(null);
  const close = () => {
    update.reset();
    reset.reset();
    setOpen(null);
  };
  const onAction = (kind: StaffAction, user: StaffUser) => setOpen({ kind, user });
  // The name the confirm texts say, when a row's action is open.
  const name = open && 'user' in open ? open.user.full_name : '';

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          <Trans>Staff Accounts</Trans>
        </Typography>
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setOpen({ kind: 'add' })}>
          <Trans>Add staff member</Trans>
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        <Trans>
          Administrators can do everything. Staff work with students, documents and reports, but not with
          staff accounts or the data export.
        </Trans>
      </Typography>
      {staff.isPending && <CircularProgress aria-label={t`Loading the staff accounts`} />}
      {staff.isError && <Alert severity="error">{errorMessage(staff.error)}</Alert>}
      {staff.data && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t`Staff accounts`}>
            <TableHead>
              <TableRow>
                <TableCell>
                  <Trans>Name</Trans>
                </TableCell>
                <TableCell sx={hideOnPhone}>
                  <Trans>Username</Trans>
                </TableCell>
                <TableCell sx={hideOnPhone}>
                  <Trans>Role</Trans>
                </TableCell>
                <TableCell sx={hideOnPhone}>
                  <Trans>Last sign-in</Trans>
                </TableCell>
                <TableCell sx={hideOnPhone}>
                  <Trans>Second factor</Trans>
                </TableCell>
                {!narrow && (
                  <TableCell>
                    <Trans>Status</Trans>
                  </TableCell>
                )}
                <TableCell align="right" sx={{ width: { xs: 56, md: 'auto' }, px: { xs: 1, sm: 2 } }}>
                  <Trans>Actions</Trans>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {staff.data.map((user) => {
                const lastSignIn = user.last_login_at ? when(user.last_login_at) : t`never`;
                const factor = secondFactorLabel(user).toLowerCase();
                return (
                  <TableRow key={user.id} sx={user.active ? undefined : { bgcolor: 'action.hover' }}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {user.full_name}
                      </Typography>
                      {/* Phones: the hidden columns' facts under the name. */}
                      {narrow && (
                        <Box>
                          <Typography variant="body2" color="text.secondary">
                            {user.username} · {STAFF_ROLE_LABELS[user.role]}
                            {user.classes.length > 0 && ` · ${user.classes.join(', ')}`}
                          </Typography>
                          <Typography variant="body2" color="text.secondary">
                            <Trans>Last sign-in: {lastSignIn}</Trans>
                          </Typography>
                          <Typography variant="body2" color="text.secondary">
                            <Trans>Second factor: {factor}</Trans>
                          </Typography>
                          <StatusChip user={user} />
                        </Box>
                      )}
                    </TableCell>
                    <TableCell sx={{ ...hideOnPhone, fontFamily: 'monospace' }}>{user.username}</TableCell>
                    <TableCell sx={hideOnPhone}>
                      {STAFF_ROLE_LABELS[user.role]}
                      {user.classes.length > 0 && ` · ${user.classes.join(', ')}`}
                    </TableCell>
                    <TableCell sx={{ ...hideOnPhone, whiteSpace: 'nowrap' }}>
                      {user.last_login_at ? when(user.last_login_at) : t`Never`}
                    </TableCell>
                    <TableCell sx={hideOnPhone}>{secondFactorLabel(user)}</TableCell>
                    {!narrow && (
                      <TableCell>
                        <StatusChip user={user} />
                      </TableCell>
                    )}
                    <TableCell align="right" sx={{ px: { xs: 1, sm: 2 } }}>
                      <StaffRowActions user={user} onAction={onAction} own={user.id === ownId} />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      {open?.kind === 'add' && (
        <AddStaffDialog
          onClose={close}
          onCreated={(result) => setOpen({ kind: 'password', result, reason: 'created' })}
        />
      )}
      {open?.kind === 'password' && (
        <OneTimePasswordDialog result={open.result} reason={open.reason} onClose={close} />
      )}
      {open?.kind === 'history' && <SignInHistoryDialog user={open.user} onClose={close} />}
      {open?.kind === 'classes' && <ClassesDialog user={open.user} onClose={close} />}
      {open?.kind === 'second-factor' && <ResetSecondFactorDialog user={open.user} onClose={close} />}
      {open?.kind === 'reset' && (
        <ConfirmStaffAction
          title={t`Reset password`}
          text={t`Give ${name} a new one-time password? Their open sessions end now, and they choose a new password at the next sign-in.`}
          confirmLabel={t`Reset password`}
          pending={reset.isPending}
          error={reset.error}
          onConfirm={() =>
            reset.mutate(open.user.id, {
              onSuccess: (result) => setOpen({ kind: 'password', result, reason: 'reset' }),
            })
          }
          onClose={close}
        />
      )}
      {open?.kind === 'role' && (
        <ConfirmStaffAction
          title={t`Change role`}
          text={
            open.user.role === 'admin'
              ? t`Make ${name} staff? They keep students, documents and reports, and lose staff accounts and the export from their next click.`
              : t`Make ${name} an administrator? They can then manage staff accounts and export data.`
          }
          confirmLabel={open.user.role === 'admin' ? t`Make staff` : t`Make administrator`}
          pending={update.isPending}
          error={update.error}
          onConfirm={() =>
            update.mutate(
              { id: open.user.id, change: { role: open.user.role === 'admin' ? 'staff' : 'admin' } },
              { onSuccess: close },
            )
          }
          onClose={close}
        />
      )}
      {open?.kind === 'active' && (
        <ConfirmStaffAction
          title={open.user.active ? t`Deactivate account` : t`Reactivate account`}
          text={
            open.user.active
              ? t`Deactivate ${name}? They are signed out everywhere at once and cannot sign in until an administrator reactivates the account. Nothing they did is removed.`
              : t`Reactivate ${name}? They can sign in again with their password.`
          }
          confirmLabel={open.user.active ? t`Deactivate` : t`Reactivate`}
          pending={update.isPending}
          error={update.error}
          onConfirm={() =>
            update.mutate({ id: open.user.id, change: { active: !open.user.active } }, { onSuccess: close })
          }
          onClose={close}
        />
      )}
    </>
  );
}
