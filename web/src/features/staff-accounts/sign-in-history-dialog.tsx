import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { STAFF_SIGN_IN_OUTCOME_LABELS, STAFF_SIGN_INS_KEPT, type StaffUser } from '@sp/domain';
import { errorMessage } from '../../api/client';
import { useSchoolMinutes } from '../../api/school-time';
import { useStaffSignIns } from './api/staff-accounts';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  user: StaffUser;
  onClose: () => void;
}

/** The account's newest sign-ins and failed attempts: when, from which address, and what happened (D8). */
export function SignInHistoryDialog({ user, onClose }: Props) {
  const { t } = useLingui();
  const history = useStaffSignIns(user.id);
  const when = useSchoolMinutes();
  const name = user.full_name;
  const username = user.username;
  const kept = STAFF_SIGN_INS_KEPT;
  return (
    <Dialog open onClose={onClose} aria-labelledby="sign-in-history-title" maxWidth="sm" fullWidth>
      <DialogTitle id="sign-in-history-title" sx={{ overflowWrap: 'anywhere' }}>
        <Trans>Sign-ins of {name}</Trans>
      </DialogTitle>
      {/* A long list scrolls inside the dialog; focusable, so a keyboard can scroll it too. */}
      <DialogContent
        sx={{ px: { xs: 1, sm: 3 } }}
        tabIndex={0}
        role="region"
        aria-label={t`Sign-ins of ${name}`}
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          <Trans>
            The newest {kept} sign-ins and failed attempts of {username}, and the newest {kept} changes to
            their second factor, in the school&apos;s time.
          </Trans>
        </Typography>
        {history.isPending && <CircularProgress aria-label={t`Loading the sign-ins`} />}
        {history.isError && <Alert severity="error">{errorMessage(history.error)}</Alert>}
        {history.data?.length === 0 && (
          <Typography>
            <Trans>No sign-ins yet.</Trans>
          </Typography>
        )}
        {history.data && history.data.length > 0 && (
          <Table size="small" aria-label={t`Sign-ins of ${name}`}>
            <TableHead>
              <TableRow>
                <TableCell>
                  <Trans>When</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Address</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Outcome</Trans>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.data.map((h, i) => (
                <TableRow key={`${h.at}-${i}`}>
                  <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>{when(h.at)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{h.ip ?? '—'}</TableCell>
                  <TableCell
                    sx={{ color: h.outcome === 'signed_in' ? 'text.primary' : 'error.main', fontWeight: 500 }}
                  >
                    {STAFF_SIGN_IN_OUTCOME_LABELS[h.outcome]}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
