import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ContactAddress, ContactField } from '@sp/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../api/client';
import { paths } from '../../paths';
import { useContacts, useSendConfirmLink } from './api/contacts';
import { Trans, useLingui } from '@lingui/react/macro';
import { translated } from '../../i18n/translate';

interface Props {
  /** A page's own title, or a section of the Complete step. */
  headingLevel: 'h1' | 'h2';
}

function AddressRow({
  contact,
  sent,
  onSend,
  sending,
}: {
  contact: ContactAddress;
  sent: boolean;
  sending: boolean;
  onSend: () => void;
}) {
  const { t } = useLingui();
  const { address } = contact;
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {translated(contact.label)}
        </Typography>
        <Chip
          size="small"
          label={contact.confirmed ? t`Confirmed` : t`Not confirmed`}
          color={contact.confirmed ? 'success' : 'default'}
          variant={contact.confirmed ? 'filled' : 'outlined'}
        />
      </Box>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{contact.address}</Typography>
      {!contact.confirmed && (
        <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Button
            size="small"
            variant="outlined"
            disabled={sent || sending}
            onClick={onSend}
            aria-label={t`Send confirmation link to ${address}`}
          >
            <Trans>Send confirmation link</Trans>
          </Button>
          {sent && (
            <Typography variant="body2" role="status">
              <Trans>Sent — check the inbox</Trans>
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

/**
 * The record's e-mail addresses and whether each is confirmed: only a confirmed address gets the school's
 * e-mails (D52), and a confirmation link goes to the address itself.
 */
export function EmailAddresses({ headingLevel }: Props) {
  const contacts = useContacts();
  const send = useSendConfirmLink();
  const [sent, setSent] = useState<ReadonlySet<ContactField>>(new Set());
  const addresses = contacts.data?.addresses ?? [];

  const onSend = (field: ContactField) =>
    send.mutate(field, { onSuccess: () => setSent((before) => new Set(before).add(field)) });

  return (
    <Box component="section" aria-labelledby="email-addresses-title">
      <Typography
        id="email-addresses-title"
        variant={headingLevel === 'h1' ? 'h5' : 'h6'}
        component={headingLevel}
      >
        <Trans>E-mail addresses</Trans>
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        <Trans>
          The school e-mails report card notices, document checks and password links only to a confirmed
          address.
        </Trans>
      </Typography>
      {contacts.isError && <Alert severity="error">{errorMessage(contacts.error)}</Alert>}
      {send.isError && <Alert severity="error">{errorMessage(send.error)}</Alert>}
      {contacts.isSuccess && addresses.length === 0 && (
        <Typography variant="body2">
          <Trans>
            No e-mail address yet: add one on the{' '}
            <Link component={RouterLink} to={paths.registration.step('familyData')}>
              Family step
            </Link>
            .
          </Trans>
        </Typography>
      )}
      {addresses.length > 0 && (
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {addresses.map((contact) => (
            <AddressRow
              key={contact.field}
              contact={contact}
              sent={sent.has(contact.field)}
              sending={send.isPending && send.variables === contact.field}
              onSend={() => onSend(contact.field)}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
