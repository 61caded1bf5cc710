import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { LinkedParent } from '@sp/domain';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useSchoolMinutes } from '../../api/school-time';
import { useIssueFamilyCode, useSetParentActive, useStudentParents, useUnlinkParent } from './api';
import { ConfirmAction } from './confirm-action';
import { LinkedParents } from './linked-parents';

type Asked = { kind: 'code' } | { kind: 'unlink' | 'active'; parent: LinkedParent };

/**
 * On the student's record page (D50): the family code a parent links this child with, and the parent accounts
 * linked, each of which staff may unlink or turn off; every change is confirmed first.
 */
export function ParentAccountsCard({ studentId, name }: { studentId: string; name: string }) {
  const { t } = useLingui();
  const parents = useStudentParents(studentId);
  const issue = useIssueFamilyCode(studentId);
  const unlink = useUnlinkParent(studentId);
  const setActive = useSetParentActive();
  const when = useSchoolMinutes();
  const [asked, setAsked] = useState<Asked | null>(null);
  const close = () => {
    for (const m of [issue, unlink, setActive]) m.reset();
    setAsked(null);
  };
  const child = name || t`this student`;
  const data = parents.data;
  const problem = parents.isError ? errorMessage(parents.error) : '';
  const code = data?.family_code?.code;
  const issuedAt = data?.family_code ? when(data.family_code.issued_at) : '';
  const maxParents = data?.max_parents;
  const askedParent = asked && asked.kind !== 'code' ? asked.parent : undefined;
  const parentName = askedParent?.name;
  const parentEmail = askedParent?.email;
  return (
    <Paper component="section" aria-labelledby="parent-accounts-title" sx={{ p: 2, mb: 2 }}>
      <Typography id="parent-accounts-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        <Trans>Parent accounts</Trans>
      </Typography>
      {parents.isPending && <LinearProgress aria-label={t`Loading the parent accounts`} />}
      {parents.isError && (
        <Alert severity="error">
          <Trans>The parent accounts could not be loaded. {problem}</Trans>
        </Alert>
      )}
      {data && (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1 }}>
            {data.family_code ? (
              <>
                <Typography component="span" color="text.secondary">
                  <Trans>Family code</Trans>
                </Typography>
                <Typography
                  component="span"
                  sx={{ fontFamily: 'monospace', fontSize: '1.25rem', fontWeight: 700, letterSpacing: 1 }}
                >
                  {data.family_code.code}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  <Trans>issued {issuedAt}</Trans>
                </Typography>
                <Button size="small" onClick={() => setAsked({ kind: 'code' })} sx={{ ml: { sm: 'auto' } }}>
                  <Trans>Issue a new code</Trans>
                </Button>
              </>
            ) : (
              <Typography variant="body2">
                <Trans>
                  {maxParents} parent accounts are linked, the most a child may have: unlink one to issue a
                  family code.
                </Trans>
              </Typography>
            )}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            <Trans>
              A parent links {child} to their account with the student ID and this code, printed on the
              registration form and the family letter. It works once.
            </Trans>
          </Typography>
          <LinkedParents
            parents={data.parents}
            when={when}
            onUnlink={(parent) => setAsked({ kind: 'unlink', parent })}
            onActive={(parent) => setAsked({ kind: 'active', parent })}
          />
        </>
      )}
      {asked?.kind === 'code' && (
        <ConfirmAction
          id="family-code-title"
          title={t`Issue a new family code?`}
          action={t`Issue a new code`}
          pending={issue.isPending}
          error={issue.error}
          onConfirm={() => issue.mutate(undefined, { onSuccess: close })}
          onClose={close}
        >
          <Trans>
            The code {code} stops working at once, also on forms and letters already printed. Give the family
            the new one.
          </Trans>
        </ConfirmAction>
      )}
      {asked?.kind === 'unlink' && (
        <ConfirmAction
          id="unlink-parent-title"
          title={t`Unlink ${parentName}?`}
          action={t`Unlink`}
          danger
          pending={unlink.isPending}
          error={unlink.error}
          onConfirm={() => unlink.mutate(asked.parent.parent_id, { onSuccess: close })}
          onClose={close}
        >
          <Trans>
            {parentName} ({parentEmail}) can no longer see or change {child}&apos;s record, from their next
            click. A new family code replaces the old one, so they cannot link again with it. Their account
            and any other children stay linked.
          </Trans>
        </ConfirmAction>
      )}
      {asked?.kind === 'active' && (
        <ConfirmAction
          id="parent-active-title"
          title={
            asked.parent.active ? t`Turn off ${parentName}'s account?` : t`Turn on ${parentName}'s account?`
          }
          action={asked.parent.active ? t`Turn off` : t`Turn on`}
          danger={asked.parent.active}
          pending={setActive.isPending}
          error={setActive.error}
          onConfirm={() =>
            setActive.mutate(
              { parentId: asked.parent.parent_id, active: !asked.parent.active },
              { onSuccess: close },
            )
          }
          onClose={close}
        >
          {asked.parent.active
            ? t`${parentEmail} is signed out at once and cannot sign in, for any of their children, until the account is turned on again.`
            : t`${parentEmail} can sign in again and act for the children linked to the account.`}
        </ConfirmAction>
      )}
    </Paper>
  );
}
