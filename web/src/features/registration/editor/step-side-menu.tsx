import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { Trans, useLingui } from '@lingui/react/macro';
import type { StepProgress } from '@sp/domain';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useStudentRecord } from './record-context';
import { registrationSteps } from './registration-steps';

interface Props {
  activeIndex: number;
  progress: StepProgress;
}

/** Wide screens: the steps as a menu beside the form, each with its completion mark. */
export function StepSideMenu({ activeIndex, progress }: Props) {
  const { stepPath } = useStudentRecord();
  const { t, i18n } = useLingui();
  return (
    <Paper
      component="nav"
      aria-label={t`Registration steps`}
      sx={{
        display: { xs: 'none', md: 'block' },
        width: 240,
        flexShrink: 0,
        // Stays in view beside a long form, below the sticky top bar.
        position: 'sticky',
        top: 88,
      }}
    >
      <List>
        {registrationSteps.map((step, index) => {
          const done = progress[step.key];
          const active = index === activeIndex;
          return (
            <ListItem key={step.key} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={stepPath(step.key)}
                selected={active}
                aria-current={active ? 'page' : undefined}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  {done ? (
                    <CheckCircleIcon color="success" aria-hidden />
                  ) : (
                    <RadioButtonUncheckedIcon color="action" aria-hidden />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={
                    <>
                      {i18n._(step.menuLabel)}
                      {done && (
                        <Box component="span" sx={visuallyHidden}>
                          <Trans>, completed</Trans>
                        </Box>
                      )}
                    </>
                  }
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
