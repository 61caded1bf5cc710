import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { StudentIdMatch } from './api/student-id-lookup';

interface Props {
  matches: StudentIdMatch[];
  onChoose: (studentId: string) => void;
}

export function IdLookupResults({ matches, onChoose }: Props) {
  if (matches.length === 0) {
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        No student found with those details.
      </Alert>
    );
  }
  return (
    <>
      <Typography variant="subtitle2" component="p" sx={{ mt: 2 }} role="status">
        {matches.length === 1 ? 'One student found' : `${matches.length} students found`}. Choose one to fill
        in the Student ID.
      </Typography>
      <List dense aria-label="Students found">
        {matches.map((match) => (
          <ListItem key={match.id} disablePadding>
            <ListItemButton onClick={() => onChoose(match.id)}>
              <ListItemText
                primary={`Student ID: ${match.id}`}
                secondary={`${match.first_name} ${match.last_name}`}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </>
  );
}
