import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../components/use-document-title';
import { paths } from '../paths';
import { Trans, useLingui } from '@lingui/react/macro';

export function NotFoundPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Page not found`);
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', p: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        <Trans>Page not found</Trans>
      </Typography>
      <Typography sx={{ mb: 2 }}>
        <Trans>There is no page at this address.</Trans>
      </Typography>
      <Link component={RouterLink} to={paths.signIn}>
        <Trans>Go to the home page</Trans>
      </Link>
    </Box>
  );
}
