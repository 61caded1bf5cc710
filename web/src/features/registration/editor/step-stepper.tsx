import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
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

/** Small screens: a non-linear stepper above the form; every step can be opened, done ones show a check. */
export function StepStepper({ activeIndex, progress }: Props) {
  const { stepPath } = useStudentRecord();
  const { t, i18n } = useLingui();
  return (
    <Box component="nav" aria-label={t`Registration steps`} sx={{ display: { md: 'none' }, mb: 2 }}>
      <Stepper
        nonLinear
        alternativeLabel
        activeStep={activeIndex}
        sx={{
          mx: -1,
          '& .MuiStep-root': { px: '2px', flex: '1 1 0', minWidth: 0 },
          // Six labels side by side on a 360 px phone: small type, no padding, whole words.
          '& .MuiStepLabel-label': {
            fontSize: '0.6875rem',
            lineHeight: 1.3,
            mt: '4px !important',
            mx: 'auto',
          },
          '& .MuiStepLabel-label.Mui-active': { fontWeight: 700 },
          // The first and last steps' labels run inwards from their step, not off the screen's edge.
          '& .MuiStep-root:is(:first-of-type, :last-of-type) .MuiStepLabel-root': {
            width: '100%',
            minWidth: 0,
          },
          '& .MuiStep-root:first-of-type .MuiStepLabel-labelContainer': { textAlign: 'left' },
          '& .MuiStep-root:last-of-type .MuiStepLabel-labelContainer': { textAlign: 'right' },
          '& .MuiStepConnector-root': { top: 20 },
        }}
      >
        {registrationSteps.map((step, index) => (
          <Step key={step.key} completed={progress[step.key]}>
            <StepButton
              component={RouterLink}
              to={stepPath(step.key)}
              aria-current={index === activeIndex ? 'step' : undefined}
              sx={{ py: 1, px: 0, m: 0 }}
            >
              {/* On a phone six labels cannot sit side by side whole ("Documents" and "Complete" collide at
                  360 px): the current step's shows, the others are for screen readers only. */}
              <Box
                component="span"
                sx={(theme) =>
                  index === activeIndex
                    ? { whiteSpace: 'nowrap' }
                    : { [theme.breakpoints.down('sm')]: visuallyHidden }
                }
              >
                {i18n._(step.label)}
              </Box>
              {progress[step.key] && (
                <Box component="span" sx={visuallyHidden}>
                  <Trans>, completed</Trans>
                </Box>
              )}
            </StepButton>
          </Step>
        ))}
      </Stepper>
    </Box>
  );
}
