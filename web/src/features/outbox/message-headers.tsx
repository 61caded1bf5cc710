import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OutboxMessage } from '@sp/domain';

/** To, Subject and the headers the portal adds (List-Unsubscribe on a notification), as name: value lines. */
export function MessageHeaders({ message }: { message: OutboxMessage }) {
  const { t } = useLingui();
  const lines: [string, string][] = [
    [t`To`, message.to_address],
    [t`Subject`, message.subject],
    ...Object.entries(message.headers),
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
      {lines.map(([name, value]) => (
        <Box key={name}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, overflowWrap: 'anywhere', fontFamily: 'monospace' }}
          >
            {value}
          </Typography>
        </Box>
      ))}
      {Object.keys(message.headers).length === 0 && (
        <Typography variant="body2" color="text.secondary">
          <Trans>No other headers: this kind of e-mail has no unsubscribe link.</Trans>
        </Typography>
      )}
    </Box>
  );
}
