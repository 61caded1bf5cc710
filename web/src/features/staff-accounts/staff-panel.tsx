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
import { useSchoolMinutes } from '../../api/school-time';
import { useDocumentTitle } from '../../components/use-document-title';
import { AddStaffDialog } from './add-staff-dialog';
import { ClassesDialog } from './classes-dialog';
import { useResetStaffPassword, useStaffUsers, useUpdateStaffUser } from './api/staff-accounts';
import { ConfirmStaffAction } from './confirm-staff-action';
import { OneTimePasswordDialog } from './one-time-password-dialog';
import { SignInHistoryDialog } from './sign-in-history-dialog';
import { StaffRowActions, type StaffAction } from './staff-row-actions';

type Open =
  | { kind: 'add' }
  | { kind: 'password'; result: OneTimePassword; reason: 'created' | 'reset' }
  | { kind: StaffAction; user: StaffUser }
  | null;

const hideOnPhone = { display: { xs: 'none', md: 'table-cell' } } as const;

/** Active, active with a one-time password not yet replaced, or deactivated. */
function StatusChip({ user }: { user: StaffUser }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={user.active ? 'success' : 'default'}
      label={user.active ? (user.password_reset ? 'Active, new' : 'Active') : 'Deactivated'}
      sx={{ mt: { xs: 0.5, md: 0 } }}
    />
  );
}

/** Staff Accounts (D6, D22; the admin role only): who may sign in to the staff area, and with which role. */
export function StaffPanel() {
  useDocumentTitle('Staff Accounts');
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const staff = useStaffUsers();
  const when = useSchoolMinutes();
  const update = useUpdateStaffUser();
  const reset = useResetStaffPassword();
  const [open, setOpen] = useState<Open>(null);
  const close = () => {
    update.reset();
    reset.reset();
    setOpen(null);
  };
  const onAction = (kind: StaffAction, user: StaffUser) => setOpen({ kind, user });

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Staff Accounts
        </Typography>
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setOpen({ kind: 'add' })}>
          Add staff member
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Administrators can do everything. Staff work with students, documents and reports, but not with staff
        accounts or the data export.
      </Typography>
      {staff.isPending && <CircularProgress aria-label="Loading the staff accounts" />}
      {staff.isError && <Alert severity="error">{errorMessage(staff.error)}</Alert>}
      {staff.data && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Staff accounts">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell sx={hideOnPhone}>Username</TableCell>
                <TableCell sx={hideOnPhone}>Role</TableCell>
                <TableCell sx={hideOnPhone}>Last sign-in</TableCell>
                {!narrow && <TableCell>Status</TableCell>}
                <TableCell align="right" sx={{ width: { xs: 56, md: 'auto' }, px: { xs: 1, sm: 2 } }}>
                  Actions
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {staff.data.map((user) => (
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
                          Last sign-in: {user.last_login_at ? when(user.last_login_at) : 'never'}
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
                    {user.last_login_at ? when(user.last_login_at) : 'Never'}
                  </TableCell>
                  {!narrow && (
                    <TableCell>
                      <StatusChip user={user} />
                    </TableCell>
                  )}
                  <TableCell align="right" sx={{ px: { xs: 1, sm: 2 } }}>
                    <StaffRowActions user={user} onAction={onAction} />
                  </TableCell>
                </TableRow>
              ))}
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
      {open?.kind === 'reset' && (
        <ConfirmStaffAction
          title="Reset password"
          text={`Give ${open.user.full_name} a new one-time password? Their open sessions end now, and they choose a new password at the next sign-in.`}
          confirmLabel="Reset password"
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
          title="Change role"
          text={
            open.user.role === 'admin'
              ? `Make ${open.user.full_name} staff? They keep students, documents and reports, and lose staff accounts and the export from their next click.`
              : `Make ${open.user.full_name} an administrator? They can then manage staff accounts and export data.`
          }
          confirmLabel={open.user.role === 'admin' ? 'Make staff' : 'Make administrator'}
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
          title={open.user.active ? 'Deactivate account' : 'Reactivate account'}
          text={
            open.user.active
              ? `Deactivate ${open.user.full_name}? They are signed out everywhere at once and cannot sign in until an administrator reactivates the account. Nothing they did is removed.`
              : `Reactivate ${open.user.full_name}? They can sign in again with their password.`
          }
          confirmLabel={open.user.active ? 'Deactivate' : 'Reactivate'}
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
