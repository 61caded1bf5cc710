import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { StudentIdMatch } from './api/student-id-lookup';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

interface Props {
  matches: StudentIdMatch[];
  onChoose: (studentId: string) => void;
}

export function IdLookupResults({ matches, onChoose }: Props) {
  const { t } = useLingui();
  if (matches.length === 0) {
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        <Trans>No student found with those details.</Trans>
      </Alert>
    );
  }
  return (
    <>
      <Typography variant="subtitle2" component="p" sx={{ mt: 2 }} role="status">
        <Plural
          value={matches.length}
          one="One student found. Choose one to fill in the Student ID."
          other="# students found. Choose one to fill in the Student ID."
        />
      </Typography>
      <List dense aria-label={t`Students found`}>
        {matches.map((match) => (
          <ListItem key={match.id} disablePadding>
            <ListItemButton onClick={() => onChoose(match.id)}>
              <ListItemText
                primary={t`Student ID: ${match.id}`}
                secondary={`${match.first_name} ${match.last_name}`}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </>
  );
}
