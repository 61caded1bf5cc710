import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { PASSKEYS_MAX, type Passkey } from '@sp/domain';
import { useState } from 'react';
import { useSchoolTime } from '../../api/school-time';
import { browserHasPasskeys } from '../../api/webauthn';
import { useFactorChange } from './api/change-factor';
import { addPasskey, removePasskey, renamePasskey } from './api/passkeys';
import { PasskeyNameDialog } from './passkey-name-dialog';
import { RemoveFactorDialog } from './remove-factor-dialog';
import { Section } from './section';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  passkeys: readonly Passkey[];
  lastOfOnlyAdmin: boolean;
  onRecoveryCodes: (codes: string[]) => void;
}

type Open = { kind: 'add' } | { kind: 'rename' | 'remove'; passkey: Passkey } | null;

/** Passkeys: the list (name, added, last used), add one with a name, rename, remove. */
export function PasskeysSection({ passkeys, lastOfOnlyAdmin, onRecoveryCodes }: Props) {
  const { t } = useLingui();
  const time = useSchoolTime();
  const add = useFactorChange(addPasskey);
  const rename = useFactorChange(renamePasskey);
  const remove = useFactorChange(removePasskey);
  const [open, setOpen] = useState<Open>(null);
  const close = () => {
    add.reset();
    rename.reset();
    remove.reset();
    setOpen(null);
  };
  const full = passkeys.length >= PASSKEYS_MAX;
  const removingName = open?.kind === 'remove' ? open.passkey.name : '';

  return (
    <Section title={t`Passkeys`}>
      <Typography sx={{ mb: 1 }}>
        <Trans>
          A passkey signs you in with your fingerprint, face or screen lock on this computer or phone, or a
          security key, with no password or code to type.
        </Trans>
      </Typography>
      {passkeys.length === 0 ? (
        <Typography color="text.secondary">
          <Trans>No passkeys yet.</Trans>
        </Typography>
      ) : (
        <List dense aria-label={t`Your passkeys`}>
          {passkeys.map((passkey) => {
            const name = passkey.name;
            const added = time?.spelled(passkey.created_at) ?? '';
            const lastUsed = passkey.last_used_at ? (time?.spelled(passkey.last_used_at) ?? '') : '';
            return (
              <ListItem key={passkey.id} divider sx={{ flexWrap: 'wrap', gap: 1, px: 0 }}>
                <ListItemText
                  sx={{ flex: '1 1 14rem', overflowWrap: 'anywhere' }}
                  primary={passkey.name}
                  secondary={
                    passkey.last_used_at
                      ? t`Added ${added} · last used ${lastUsed}`
                      : t`Added ${added} · not used yet`
                  }
                />
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button
                    size="small"
                    aria-label={t`Rename ${name}`}
                    onClick={() => setOpen({ kind: 'rename', passkey })}
                  >
                    <Trans>Rename</Trans>
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    aria-label={t`Remove ${name}`}
                    onClick={() => setOpen({ kind: 'remove', passkey })}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                </Box>
              </ListItem>
            );
          })}
        </List>
      )}
      {browserHasPasskeys() ? (
        <Button variant="contained" sx={{ mt: 2 }} disabled={full} onClick={() => setOpen({ kind: 'add' })}>
          <Trans>Add a passkey</Trans>
        </Button>
      ) : (
        <Alert severity="info" sx={{ mt: 2 }}>
          <Trans>This browser cannot make passkeys.</Trans>
        </Alert>
      )}
      {full && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          <Trans>
            You have {PASSKEYS_MAX} passkeys, the most an account may have. Remove one to add another.
          </Trans>
        </Typography>
      )}
      {open?.kind === 'add' && (
        <PasskeyNameDialog
          title={t`Add a passkey`}
          submit={t`Continue`}
          name=""
          pending={add.isPending}
          error={add.error}
          onName={(name) =>
            add.mutate(name, {
              onSuccess: ({ recovery_codes }) => {
                close();
                if (recovery_codes.length > 0) onRecoveryCodes(recovery_codes);
              },
            })
          }
          onClose={close}
        />
      )}
      {open?.kind === 'rename' && (
        <PasskeyNameDialog
          title={t`Rename passkey`}
          submit={t`Save`}
          name={open.passkey.name}
          pending={rename.isPending}
          error={rename.error}
          onName={(name) => rename.mutate({ id: open.passkey.id, name }, { onSuccess: close })}
          onClose={close}
        />
      )}
      {open?.kind === 'remove' && (
        <RemoveFactorDialog
          what={t`the passkey “${removingName}”`}
          needsRecovery={lastOfOnlyAdmin}
          pending={remove.isPending}
          error={remove.error}
          onRemove={(body) => remove.mutate({ ...body, id: open.passkey.id }, { onSuccess: close })}
          onClose={close}
        />
      )}
    </Section>
  );
}
