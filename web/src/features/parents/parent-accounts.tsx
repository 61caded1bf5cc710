import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import { INVITE_FIELDS } from '@sp/domain';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useSchoolTime } from '../../api/school-time';
import { useContacts } from '../mail';
import { useInviteParent, useOwnParents, type InviteField } from './api';

const isInviteField = (field: string): field is InviteField =>
  (INVITE_FIELDS as readonly string[]).includes(field);

/**
 * "Parent accounts" on the family's E-mail addresses page (D50): who is linked, and an invitation to the
 * parent portal for each confirmed parent address of the record.
 */
export function ParentAccounts() {
  const { t } = useLingui();
  const own = useOwnParents();
  const contacts = useContacts();
  const invite = useInviteParent();
  const [sent, setSent] = useState<ReadonlySet<InviteField>>(new Set());
  const time = useSchoolTime();
  // The day of the link at the school, not in the browser's zone: "3 Sep".
  const linkedOn = (iso: string) => time?.shortDay(iso) ?? '';
  const parents = own.data?.parents ?? [];
  const linked = parents
    .map((p) => {
      const [name, since] = [p.name, linkedOn(p.linked_at)];
      return t`${name} (since ${since})`;
    })
    .join(', ');
  const invitable = (contacts.data?.addresses ?? []).filter((a) => a.confirmed && isInviteField(a.field));

  return (
    <Box component="section" aria-labelledby="parent-accounts-title" sx={{ mt: 3 }}>
      <Typography id="parent-accounts-title" variant="h6" component="h2">
        <Trans>Parent accounts</Trans>
      </Typography>
      {/* Beside the addresses' own alerts: said in the section, not as a second alert of the page. */}
      {own.isError && (
        <Typography variant="body2" color="error">
          <Trans>The parent accounts could not be read: {errorMessage(own.error)}</Trans>
        </Typography>
      )}
      {invite.isError && <Alert severity="error">{errorMessage(invite.error)}</Alert>}
      {own.isSuccess && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {parents.length === 0 ? t`No parent account is linked yet.` : t`Linked: ${linked}.`}
        </Typography>
      )}
      {invitable.length > 0 && (
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {invitable.map((a) => {
            const field = a.field as InviteField;
            const address = a.address;
            return (
              <Box
                component="li"
                key={a.field}
                sx={{ py: 1, borderTop: 1, borderColor: 'divider', listStyle: 'none' }}
              >
                {/* The address is listed above; here its owner's label, e.g. "Mother". */}
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                  <Typography variant="body2" color="text.secondary" sx={{ minWidth: 70 }}>
                    {a.label}
                  </Typography>
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={sent.has(field) || (invite.isPending && invite.variables === field)}
                    aria-label={t`Invite to the parent portal: ${address}`}
                    onClick={() =>
                      invite.mutate(field, { onSuccess: () => setSent((s) => new Set(s).add(field)) })
                    }
                  >
                    <Trans>Invite to the parent portal</Trans>
                  </Button>
                  {sent.has(field) && (
                    <Typography variant="body2" role="status">
                      <Trans>Invitation sent</Trans>
                    </Typography>
                  )}
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
