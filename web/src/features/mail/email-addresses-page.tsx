import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useDocumentTitle } from '../../components/use-document-title';
import { ParentAccounts } from '../parents';
import { EmailAddresses } from './email-addresses';
import { useLingui } from '@lingui/react/macro';

/** /email-addresses, from the student menu: the same list the Complete step shows. */
export function EmailAddressesPage() {
  const { t } = useLingui();
  useDocumentTitle(t`E-mail addresses`);
  return (
    <Card sx={{ width: '100%', maxWidth: 500, mx: 'auto' }}>
      <CardContent>
        <EmailAddresses headingLevel="h1" />
        <ParentAccounts />
      </CardContent>
    </Card>
  );
}
