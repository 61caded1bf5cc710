import Typography from '@mui/material/Typography';
import type { NotificationKind } from '@sp/domain';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { SignInAlert, useCall } from '../auth';
import { unsubscribe, unsubscribeState } from './api/links';
import { MailPageFrame } from './mail-page-frame';
import { CallFailure, MainAction } from './mail-parts';
import { useAnswer } from './use-answer';

/** What each notification is, as a family would name it. */
export const notificationLabels: Record<NotificationKind, string> = {
  report_cards_posted: 'report cards posted',
  document_rejected: 'a document sent back',
  deadline_reminder: 'registration deadline reminders',
  password_reset_by_staff: 'a password reset by the school',
};

/** The page an e-mail's unsubscribe link opens: one address, one kind of e-mail, stopped on the button. */
export function UnsubscribePage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const link = useAnswer(unsubscribeState, token);
  const stop = useCall(unsubscribe);

  const body = () => {
    if (link.state === 'loading') return <Typography role="status">Checking the link…</Typography>;
    if (link.state === 'failed')
      return <SignInAlert severity="error">{errorMessage(link.error)}</SignInAlert>;
    const { address, kind } = link.data;
    if (stop.data) {
      return (
        <SignInAlert severity="success" role="status" sx={{ overflowWrap: 'anywhere' }}>
          Done: {address} will no longer get e-mails about {notificationLabels[kind]}.
        </SignInAlert>
      );
    }
    return (
      <>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          Stop e-mails about <strong>{notificationLabels[kind]}</strong> to <strong>{address}</strong>? Other
          e-mails from the school still arrive.
        </Typography>
        <CallFailure error={stop.error} />
        <MainAction disabled={stop.isPending} onClick={() => stop.mutate(token)}>
          Unsubscribe
        </MainAction>
      </>
    );
  };

  return <MailPageFrame title="Unsubscribe">{body()}</MailPageFrame>;
}
