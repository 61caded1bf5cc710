import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useDocumentTitle } from '../../components/use-document-title';
import { EmailAddresses } from './email-addresses';

/** /email-addresses, from the student menu: the same list the Complete step shows. */
export function EmailAddressesPage() {
  useDocumentTitle('E-mail addresses');
  return (
    <Card sx={{ width: '100%', maxWidth: 500, mx: 'auto' }}>
      <CardContent>
        <EmailAddresses headingLevel="h1" />
      </CardContent>
    </Card>
  );
}
