import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { SignInAlert, useCall } from '../auth';
import { unsubscribe, unsubscribeState } from './api/links';
import { MailPageFrame } from './mail-page-frame';
import { CallFailure, MainAction } from './mail-parts';
import { notificationLabels } from './notification-labels';
import { useAnswer } from './use-answer';
import { Trans, useLingui } from '@lingui/react/macro';
import { translated } from '../../i18n/translate';

/** The page an e-mail's unsubscribe link opens: one address, one kind of e-mail, stopped on the button. */
export function UnsubscribePage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const link = useAnswer(unsubscribeState, token);
  const stop = useCall(unsubscribe);
  const { t } = useLingui();

  const body = () => {
    if (link.state === 'loading') return <Typography role="status">{t`Checking the link…`}</Typography>;
    if (link.state === 'failed')
      return <SignInAlert severity="error">{errorMessage(link.error)}</SignInAlert>;
    const { address } = link.data;
    const what = translated(notificationLabels[link.data.kind]);
    if (stop.data) {
      return (
        <SignInAlert severity="success" role="status" sx={{ overflowWrap: 'anywhere' }}>
          <Trans>
            Done: {address} will no longer get e-mails about {what}.
          </Trans>
        </SignInAlert>
      );
    }
    return (
      <>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <Trans>
            Stop e-mails about <strong>{what}</strong> to <strong>{address}</strong>? Other e-mails from the
            school still arrive.
          </Trans>
        </Typography>
        <CallFailure error={stop.error} />
        <MainAction disabled={stop.isPending} onClick={() => stop.mutate(token)}>
          <Trans>Unsubscribe</Trans>
        </MainAction>
      </>
    );
  };

  return <MailPageFrame title={t`Unsubscribe`}>{body()}</MailPageFrame>;
}
