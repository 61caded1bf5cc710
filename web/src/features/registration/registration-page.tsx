import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title';
import { registrationSteps } from './registration-steps';

/** /registration/student-data for now: the outline of the six-step registration. */
export function RegistrationPage() {
  useDocumentTitle('Registration');
  const location = useLocation();
  const passwordChanged = (location.state as { passwordChanged?: boolean } | null)?.passwordChanged === true;

  return (
    <Card sx={{ width: '100%', maxWidth: 500, mx: 'auto' }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Registration
        </Typography>
        {passwordChanged && (
          <Alert severity="success" sx={{ mb: 2 }}>
            Your password has been changed.
          </Alert>
        )}
        <Typography>The registration form has these steps:</Typography>
        <List component="ol" aria-label="Registration steps" sx={{ listStyle: 'decimal', pl: 4 }}>
          {registrationSteps.map((step) => (
            <ListItem key={step.key} sx={{ display: 'list-item', py: 0.5 }}>
              <ListItemText primary={step.label} />
            </ListItem>
          ))}
        </List>
        <Typography variant="body2">
          <Link component={RouterLink} to="/registration/change-password">
            Change Password
          </Link>
        </Typography>
      </CardContent>
    </Card>
  );
}
