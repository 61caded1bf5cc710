import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../components/use-document-title';

/** /term-reports: the list of posted report cards comes with the term-reports issue. */
export function TermReportsPage() {
  useDocumentTitle('Term Reports');
  return (
    <Card sx={{ width: '100%', maxWidth: 600, mx: 'auto' }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          Term Reports
        </Typography>
        <Typography variant="h6" component="h2" gutterBottom>
          Select Term Report
        </Typography>
        <Typography color="text.secondary">No term reports have been posted yet.</Typography>
      </CardContent>
    </Card>
  );
}
