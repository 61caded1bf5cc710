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

interface Props {
  user: StaffUser;
  onClose: () => void;
}

/** The account's newest sign-ins and failed attempts: when, from which address, and what happened (D8). */
export function SignInHistoryDialog({ user, onClose }: Props) {
  const history = useStaffSignIns(user.id);
  const when = useSchoolMinutes();
  return (
    <Dialog open onClose={onClose} aria-labelledby="sign-in-history-title" maxWidth="sm" fullWidth>
      <DialogTitle id="sign-in-history-title" sx={{ overflowWrap: 'anywhere' }}>
        Sign-ins of {user.full_name}
      </DialogTitle>
      {/* A long list scrolls inside the dialog; focusable, so a keyboard can scroll it too. */}
      <DialogContent
        sx={{ px: { xs: 1, sm: 3 } }}
        tabIndex={0}
        role="region"
        aria-label={`Sign-ins of ${user.full_name}`}
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          The newest {STAFF_SIGN_INS_KEPT} sign-ins and failed attempts of {user.username}, in the
          school&apos;s time.
        </Typography>
        {history.isPending && <CircularProgress aria-label="Loading the sign-ins" />}
        {history.isError && <Alert severity="error">{errorMessage(history.error)}</Alert>}
        {history.data?.length === 0 && <Typography>No sign-ins yet.</Typography>}
        {history.data && history.data.length > 0 && (
          <Table size="small" aria-label={`Sign-ins of ${user.full_name}`}>
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Address</TableCell>
                <TableCell>Outcome</TableCell>
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
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
