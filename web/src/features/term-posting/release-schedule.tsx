import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SCHOOL_TIME_FORMAT, releaseMessages, releaseTimeFormSchema, type PostingTerm } from '@sp/domain';
import { useWatch } from 'react-hook-form';
import { useSchoolTime } from '../../api/school-time';
import { FormRow } from '../../components/form-row';
import { useSchemaForm } from '../../components/form-schema';
import { FormServerError } from '../../components/form-server-error';
import type { useScheduleRelease } from './api/posting';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  /** The term as last answered: a scheduled release shows instead of the field. */
  current: PostingTerm;
  schedule: ReturnType<typeof useScheduleRelease>;
}

const row = { alignItems: 'center', flexWrap: 'wrap' } as const;

/** An unposted term's release (D24): a time typed on the school's clock, or the one scheduled with Cancel. */
export function ReleaseSchedule({ current, schedule }: Props) {
  const { t } = useLingui();
  const schoolTime = useSchoolTime();
  const form = useSchemaForm(releaseTimeFormSchema, { defaultValues: { release_at: '' } });
  const typed = useWatch({ control: form.control, name: 'release_at' });
  const { ref, ...field } = form.register('release_at');
  const error = form.formState.errors.release_at?.message;
  const scheduledFor = current.release_at_school;
  const zone = current.time_zone;
  const format = SCHOOL_TIME_FORMAT;
  const onSubmit = form.handleSubmit(({ release_at: local }) => {
    // The typed time is the school's wall clock, whatever the browser's zone; the server gets the instant.
    const at = schoolTime?.instant(local);
    if (!at) return form.setError('release_at', { message: releaseMessages.format });
    schedule.mutate({ id: current.id, release_at: at.toISOString() });
  });
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        <Trans>Scheduled release</Trans>
      </Typography>
      {current.release_at ? (
        <Stack direction="row" spacing={1} useFlexGap sx={row}>
          <Typography variant="body2">
            <Trans>
              Posts by itself: scheduled for {scheduledFor}. Time zone: {zone}.
            </Trans>
          </Typography>
          <Button
            sx={{ minHeight: 44 }}
            onClick={() => schedule.mutate({ id: current.id, release_at: null })}
            disabled={schedule.isPending}
          >
            <Trans>Cancel schedule</Trans>
          </Button>
        </Stack>
      ) : (
        <FormRow onSubmit={onSubmit} alignItems="center" mt={1}>
          <TextField
            id="release-at"
            size="small"
            label={t`Post at (school time)`}
            placeholder={SCHOOL_TIME_FORMAT}
            {...field}
            inputRef={ref}
            error={Boolean(error)}
            helperText={error ?? t`${format}, 24-hour, ${zone}`}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoComplete: 'off' } }}
          />
          <Button
            type="submit"
            variant="outlined"
            sx={{ minHeight: 44, alignSelf: 'flex-start' }}
            disabled={!typed || !schoolTime || schedule.isPending}
          >
            <Trans>Schedule</Trans>
          </Button>
        </FormRow>
      )}
      <FormServerError error={schedule.error} sx={{ mt: 1 }} />
    </Box>
  );
}
