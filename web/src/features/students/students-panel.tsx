import Typography from '@mui/material/Typography';
import { StudentsTable } from './students-table';

export function StudentsPanel() {
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Students
      </Typography>
      <StudentsTable />
    </>
  );
}
