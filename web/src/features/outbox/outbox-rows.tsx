import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import type { OutboxRow } from '@sp/domain';
import { useSchoolMinutes } from '../../api/school-time';
import { KIND_LABELS, canResend } from './labels';
import { StatusChip } from './status-chip';

interface Props {
  rows: readonly OutboxRow[];
  onPreview: (row: OutboxRow) => void;
  onResend: (row: OutboxRow) => void;
}

const wrap = { overflowWrap: 'anywhere' } as const;

const HEADERS = [
  [msg`Time`, 'left'],
  [msg`Recipient`, 'left'],
  [msg`Subject`, 'left'],
  [msg`Kind`, 'left'],
  [msg`Status`, 'left'],
  [msg`Attempts`, 'right'],
  [msg`Last error`, 'left'],
  [msg`Actions`, 'right'],
] as const;

function Actions({ row, onPreview, onResend }: { row: OutboxRow } & Omit<Props, 'rows'>) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: { md: 'flex-end' } }}>
      <Button size="small" onClick={() => onPreview(row)}>
        <Trans>Preview</Trans>
      </Button>
      {canResend(row.status) && (
        <Button size="small" onClick={() => onResend(row)}>
          <Trans>Resend</Trans>
        </Button>
      )}
    </Box>
  );
}

/** A table on a wide screen; one card per message on a phone, rather than a squeezed table (D21). */
export function OutboxRows(props: Props) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  return narrow ? <OutboxCards {...props} /> : <OutboxTable {...props} />;
}

function OutboxCards({ rows, onPreview, onResend }: Props) {
  const { t, i18n } = useLingui();
  const when = useSchoolMinutes();
  return (
    <Box
      component="ol"
      aria-label={t`E-mails`}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
    >
      {rows.map((row) => {
        const address = row.to_address;
        const attempts = row.attempts;
        return (
          <Paper component="li" variant="outlined" key={row.id} sx={{ p: 1.5 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                {when(row.created_at)} · {i18n._(KIND_LABELS[row.kind])}
              </Typography>
              <StatusChip status={row.status} />
            </Box>
            <Typography sx={{ fontWeight: 600, ...wrap }}>{row.subject}</Typography>
            <Typography variant="body2" sx={wrap}>
              {attempts === 1
                ? t`To ${address} · ${attempts} attempt`
                : t`To ${address} · ${attempts} attempts`}
            </Typography>
            {row.last_error && (
              <Typography variant="body2" color="error" sx={wrap}>
                {row.last_error}
              </Typography>
            )}
            <Actions row={row} onPreview={onPreview} onResend={onResend} />
          </Paper>
        );
      })}
    </Box>
  );
}

function OutboxTable({ rows, onPreview, onResend }: Props) {
  const { t, i18n } = useLingui();
  const when = useSchoolMinutes();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t`E-mails`}>
        <TableHead>
          <TableRow>
            {HEADERS.map(([name, align]) => (
              <TableCell key={name.id} align={align}>
                {i18n._(name)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(row.created_at)}</TableCell>
              <TableCell sx={wrap}>{row.to_address}</TableCell>
              <TableCell sx={wrap}>{row.subject}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{i18n._(KIND_LABELS[row.kind])}</TableCell>
              <TableCell>
                <StatusChip status={row.status} />
              </TableCell>
              <TableCell align="right">{row.attempts}</TableCell>
              <TableCell sx={wrap}>{row.last_error}</TableCell>
              <TableCell align="right">
                <Actions row={row} onPreview={onPreview} onResend={onResend} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
