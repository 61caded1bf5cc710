import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ParentChild } from '@sp/domain';
import { errorMessage } from '../../api/client';
import { parentTabChild, showChild } from '../../api/session';
import { useDocumentTitle } from '../../components/use-document-title';
import { useLinkedChildren } from './api';
import { childLabel } from './child-switcher';
import { LinkChildForm } from './link-child-form';
import { childName, useSwitchChild } from './use-switch-child';
import { Trans, useLingui } from '@lingui/react/macro';

function ChildRow({ child, shown, onOpen }: { child: ParentChild; shown: boolean; onOpen: () => void }) {
  const { t } = useLingui();
  const name = childName(child);
  return (
    <Box
      component="li"
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', listStyle: 'none', display: 'flex', gap: 1 }}
    >
      <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', alignSelf: 'center' }}>
        {childLabel(child)}
      </Typography>
      {shown ? (
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
          <Trans>Shown now</Trans>
        </Typography>
      ) : (
        <Button size="small" variant="outlined" onClick={onOpen} aria-label={t`Open ${name}`}>
          <Trans>Open</Trans>
        </Button>
      )}
    </Box>
  );
}

/** /parent/children: the account's linked children, and linking another with its family code (D50). */
export function ParentChildrenPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Your children`);
  const children = useLinkedChildren();
  const switchTo = useSwitchChild();
  const current = parentTabChild();
  const list = children.data?.children ?? [];

  // The first child linked becomes the one this tab shows; a parent with more chooses in the switcher.
  const onLinked = (child: ParentChild) => {
    if (!parentTabChild()) showChild(child.student_id, childName(child));
  };

  return (
    <Card sx={{ width: '100%', maxWidth: 560, mx: 'auto' }}>
      <CardContent>
        <Typography variant="h5" component="h1">
          <Trans>Your children</Trans>
        </Typography>
        {children.isError && <Alert severity="error">{errorMessage(children.error)}</Alert>}
        {children.isSuccess && list.length === 0 && (
          <Typography variant="body2" sx={{ my: 1 }}>
            <Trans>
              No child is linked to your account yet. Link one below to see their registration and report
              cards.
            </Trans>
          </Typography>
        )}
        {list.length > 0 && (
          <Box component="ul" sx={{ m: 0, mt: 1, p: 0 }} aria-label={t`Linked children`}>
            {list.map((child) => (
              <ChildRow
                key={child.student_id}
                child={child}
                shown={child.student_id === current}
                onOpen={() => switchTo(child)}
              />
            ))}
          </Box>
        )}
        <Divider sx={{ my: 2 }} />
        <LinkChildForm onLinked={onLinked} />
      </CardContent>
    </Card>
  );
}
