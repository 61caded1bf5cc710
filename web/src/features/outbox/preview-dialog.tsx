import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { OutboxMessage, OutboxRow } from '@sp/domain';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useSchoolMinutes } from '../../api/school-time';
import { usePublicSettings } from '../../api/settings';
import { useOutboxMessage } from './api/get-outbox-message';
import { MessageHeaders } from './message-headers';
import { StatusChip } from './status-chip';

const TABS = ['HTML', 'Plain text', 'Headers'] as const;
type View = (typeof TABS)[number];
const TAB_LABELS: Readonly<Record<View, MessageDescriptor>> = {
  HTML: msg`HTML`,
  'Plain text': msg`Plain text`,
  Headers: msg`Headers`,
};

/** The sender attaches the logo under this name; the preview shows the school's logo from the portal instead. */
const LOGO_CID = /cid:school-logo/g;

function Body({ message, view }: { message: OutboxMessage; view: View }) {
  const { t } = useLingui();
  const logo = usePublicSettings().data?.logo_url;
  if (view === 'Headers') return <MessageHeaders message={message} />;
  if (view === 'Plain text')
    return (
      <Box
        component="pre"
        sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: 14 }}
      >
        {message.text}
      </Box>
    );
  // The HTML came from templates fed with names and reasons people typed: an empty sandbox runs no script,
  // submits no form and reaches nothing of the portal's page, whatever the HTML holds.
  return (
    <Box
      component="iframe"
      title={t`The e-mail as HTML`}
      sandbox=""
      srcDoc={logo ? message.html.replace(LOGO_CID, logo) : message.html}
      sx={{ width: '100%', height: { xs: '65vh', sm: '60vh' }, border: 1, borderColor: 'divider' }}
    />
  );
}

interface Props {
  row: OutboxRow;
  onClose: () => void;
}

/** The message as the family gets it: its HTML, its plain-text twin and the headers the portal adds. */
export function PreviewDialog({ row, onClose }: Props) {
  const { t, i18n } = useLingui();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const message = useOutboxMessage(row.id);
  const when = useSchoolMinutes();
  const [view, setView] = useState<View>('HTML');
  const address = row.to_address;
  const queued = when(row.created_at);
  const sent = row.sent_at && when(row.sent_at);
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="preview-title"
    >
      <DialogTitle id="preview-title" sx={{ overflowWrap: 'anywhere' }}>
        {row.subject}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
          <StatusChip status={row.status} />
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {sent ? t`To ${address} · queued ${queued} · sent ${sent}` : t`To ${address} · queued ${queued}`}
          </Typography>
        </Box>
        <Tabs value={view} onChange={(_e, next: View) => setView(next)} aria-label={t`Show the e-mail as`}>
          {TABS.map((tab) => (
            <Tab
              key={tab}
              value={tab}
              label={i18n._(TAB_LABELS[tab])}
              id={`preview-tab-${tab}`}
              aria-controls="preview-panel"
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id="preview-panel" aria-labelledby={`preview-tab-${view}`} sx={{ pt: 2 }}>
          {message.isPending && <CircularProgress aria-label={t`Loading the e-mail`} />}
          {message.isError && <Alert severity="error">{errorMessage(message.error)}</Alert>}
          {message.data && <Body message={message.data} view={view} />}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
