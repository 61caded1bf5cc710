import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { longDateOf, type RolloverConfirm, type RolloverPreview } from '@sp/domain';
import type { UseFormReturn } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { textFieldProps } from '../../components/form-schema';
import { paths } from '../../paths';
import type { SchoolYear } from './api/answers';
import { StepSection } from './step-section';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  preview: RolloverPreview;
  current: SchoolYear | undefined;
  form: UseFormReturn<RolloverConfirm>;
}

const DATES = ['starts_on', 'ends_on'] as const;

/** Step 1: the year that closes, the dates of the one that opens, and whether Form 5 can stay on. */
export function BeforeYouStart({ preview, current, form }: Props) {
  const { t } = useLingui();
  const yearLabel = preview.year_label;
  const nextYearLabel = preview.next_year_label;
  const startsOn = current && longDateOf(current.starts_on);
  const endsOn = current && longDateOf(current.ends_on);
  const dateLabels = { starts_on: t`${nextYearLabel} starts on`, ends_on: t`${nextYearLabel} ends on` };
  return (
    <StepSection step={1} title={t`Before you start`} id="rollover-start">
      <Typography sx={{ mb: 1 }}>
        {current ? (
          <Trans>
            The current school year is <strong>{yearLabel}</strong> ({startsOn} to {endsOn}). The rollover
            closes it and opens <strong>{nextYearLabel}</strong>.
          </Trans>
        ) : (
          <Trans>
            The current school year is <strong>{yearLabel}</strong>. The rollover closes it and opens{' '}
            <strong>{nextYearLabel}</strong>.
          </Trans>
        )}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 1 }}>
        {DATES.map((name) => (
          <TextField
            key={name}
            id={`rollover-${name}`}
            type="date"
            label={dateLabels[name]}
            {...textFieldProps(form, name)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ flex: '1 1 200px', maxWidth: 280 }}
          />
        ))}
      </Box>
      <Typography variant="body2">
        {preview.sixth_form
          ? t`The school has a sixth form: Form 5 students marked for the sixth form move into Lower Sixth, Lower Sixth into Upper Sixth.`
          : t`The school has no sixth form: every Form 5 student who is not repeating graduates.`}{' '}
        <Link component={RouterLink} to={paths.admin.settings}>
          <Trans>Change the sixth form setting in Settings</Trans>
        </Link>
      </Typography>
    </StepSection>
  );
}
