import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { LinkedParent } from '@sp/domain';

const HOW: Record<LinkedParent['how'], MessageDescriptor> = {
  code: msg`family code`,
  invite: msg`invitation`,
  demo: msg`demo`,
};

interface Props {
  parents: LinkedParent[];
  /** An instant as the school's clock shows it. */
  when: (iso: string) => string;
  onUnlink: (parent: LinkedParent) => void;
  onActive: (parent: LinkedParent) => void;
}

const linked = (p: LinkedParent, when: Props['when'], i18n: I18n) => {
  const at = when(p.linked_at);
  const how = i18n._(HOW[p.how]);
  return i18n._(msg`${at} by ${how}`);
};
const lastSignIn = (p: LinkedParent, when: Props['when'], i18n: I18n) =>
  p.last_login_at ? when(p.last_login_at) : i18n._(msg`Never`);
const status = (p: LinkedParent, i18n: I18n) => (
  <Chip
    size="small"
    label={p.active ? i18n._(msg`Active`) : i18n._(msg`Turned off`)}
    color={p.active ? 'success' : 'default'}
  />
);

function Actions({ parent, onUnlink, onActive }: { parent: LinkedParent } & Omit<Props, 'parents' | 'when'>) {
  const { t } = useLingui();
  const name = parent.name;
  return (
    <Box sx={{ display: 'flex', flexWrap: { xs: 'wrap', md: 'nowrap' }, gap: 1, alignItems: 'center' }}>
      <Button size="small" color="error" onClick={() => onUnlink(parent)} aria-label={t`Unlink ${name}`}>
        <Trans>Unlink</Trans>
      </Button>
      <Button
        size="small"
        onClick={() => onActive(parent)}
        aria-label={parent.active ? t`Turn off ${name}'s account` : t`Turn on ${name}'s account`}
      >
        {parent.active ? t`Turn off` : t`Turn on`}
      </Button>
    </Box>
  );
}

/** The linked parent accounts: a table on a wide screen, a card each on a phone (D21). */
export function LinkedParents({ parents, when, onUnlink, onActive }: Props) {
  const { t, i18n } = useLingui();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  if (parents.length === 0)
    return (
      <Typography variant="body2">
        <Trans>No parent account is linked yet.</Trans>
      </Typography>
    );
  if (narrow)
    return (
      <Box
        component="ul"
        aria-label={t`Linked parents`}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      >
        {parents.map((p) => {
          const linkedAt = linked(p, when, i18n);
          const lastSeen = lastSignIn(p, when, i18n);
          return (
            <Paper component="li" variant="outlined" key={p.parent_id} sx={{ p: 1.5 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{p.name}</Typography>
                {status(p, i18n)}
              </Box>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {p.email}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                <Trans>
                  Linked {linkedAt} · last sign-in {lastSeen}
                </Trans>
              </Typography>
              <Actions parent={p} onUnlink={onUnlink} onActive={onActive} />
            </Paper>
          );
        })}
      </Box>
    );
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t`Linked parents`}>
        <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
          <TableRow>
            <TableCell>
              <Trans>Name</Trans>
            </TableCell>
            <TableCell>
              <Trans>E-mail</Trans>
            </TableCell>
            <TableCell>
              <Trans>Linked</Trans>
            </TableCell>
            <TableCell>
              <Trans>Last sign-in</Trans>
            </TableCell>
            <TableCell>
              <Trans>Actions</Trans>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {parents.map((p) => (
            <TableRow key={p.parent_id}>
              <TableCell>
                <Box sx={{ display: 'grid', justifyItems: 'start', gap: 0.5 }}>
                  <span>{p.name}</span>
                  {status(p, i18n)}
                </Box>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{p.email}</TableCell>
              <TableCell>{linked(p, when, i18n)}</TableCell>
              <TableCell>{lastSignIn(p, when, i18n)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Actions parent={p} onUnlink={onUnlink} onActive={onActive} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
