import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../components/use-document-title';
import { paths } from '../paths';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Box component="main" sx={{ maxWidth: 560, mx: 'auto', p: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography sx={{ mb: 2 }}>There is no page at this address.</Typography>
      <Link component={RouterLink} to={paths.signIn}>
        Go to the home page
      </Link>
    </Box>
  );
}
