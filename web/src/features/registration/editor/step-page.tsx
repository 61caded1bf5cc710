import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import { unchangedStepOf, type RegistrationStep } from '@sp/domain';
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useStudentRecord } from './record-context';
import { registrationSteps } from './registration-steps';
import { UnchangedPanel } from './unchanged-panel';

interface Props {
  step: RegistrationStep;
  children: ReactNode;
}

/**
 * Previous and Next act on the first tap. Pressing them does not take focus from the field being typed in:
 * its message would appear and shift the button away before the finger lifts, and the tap would be lost.
 * The click then leaves the field at once (so its value is checked and its save starts) and moves on; the
 * leave guard asks if something cannot be saved.
 */
const keepFocusWhilePressed = { onMouseDown: (event: MouseEvent) => event.preventDefault() };
const settleFieldThenGo = () =>
  flushSync(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });

/** A step's card (500 px wide, full width on phones) with its title and Previous / Next at the bottom. */
export function StepPage({ step, children }: Props) {
  const index = registrationSteps.findIndex((s) => s.key === step);
  const info = registrationSteps[index];
  const previous = registrationSteps[index - 1];
  const next = registrationSteps[index + 1];
  const { t, i18n } = useLingui();
  const title = info ? i18n._(info.label) : t`Registration`;
  useDocumentTitle(title);
  const { movedBetweenSteps, stepPath } = useStudentRecord();
  const unchangedStep = unchangedStepOf(step);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // After Next, Previous or a step link the clicked link is gone: reading goes on at the new step's title.
    // (On arrival from elsewhere focus stays at the page start, with the skip link.)
    if (movedBetweenSteps) heading.current?.focus();
  }, [movedBetweenSteps]);

  return (
    <Card sx={{ width: '100%' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography
          ref={heading}
          tabIndex={-1}
          variant="h5"
          component="h1"
          gutterBottom
          sx={{ outline: 'none' }}
        >
          {title}
        </Typography>
        {unchangedStep && <UnchangedPanel step={unchangedStep} />}
        {children}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 3 }}>
          {previous ? (
            <Button
              component={RouterLink}
              to={stepPath(previous.key)}
              variant="outlined"
              startIcon={<ArrowBackIcon />}
              {...keepFocusWhilePressed}
              onClick={settleFieldThenGo}
            >
              <Trans>Previous</Trans>
            </Button>
          ) : (
            <span />
          )}
          {next && (
            <Button
              component={RouterLink}
              to={stepPath(next.key)}
              variant="contained"
              endIcon={<ArrowForwardIcon />}
              {...keepFocusWhilePressed}
              onClick={settleFieldThenGo}
            >
              <Trans>Next</Trans>
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
