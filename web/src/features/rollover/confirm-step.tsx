import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { RolloverConfirm, RolloverPreview } from '@sp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../api/api-error';
import { FormServerError } from '../../components/form-server-error';
import { showServerFieldErrors } from '../../components/form-schema';
import type { useConfirmRollover } from './api/rollover-api';
import { rolloverKeys } from './api/query-keys';
import { REGISTRATION_CLOSES, rolloverSentence } from './rollover-summary';
import { ConfirmDialog } from './confirm-dialog';
import { StepSection } from './step-section';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  preview: RolloverPreview;
  form: UseFormReturn<RolloverConfirm>;
  /** Held by the page, which outlives these steps: its answer arrives after they are shown for the new year. */
  confirm: ReturnType<typeof useConfirmRollover>;
  /** After the year has closed: what it did, in words. */
  onDone: (summary: string) => void;
}

/**
 * Step 4: a dialog says in numbers what will happen, then one POST with the preview's plan hash. A 409 (marks
 * changed by someone else since this preview, or a conflict) says so here and reads the preview again.
 */
export function ConfirmStep({ preview, form, confirm, onDone }: Props) {
  const { t, i18n } = useLingui();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [stale, setStale] = useState<string | null>(null);
  const conflicts = preview.conflicts_total;
  const sentence = rolloverSentence(preview);
  const yearLabel = preview.year_label;
  const nextYearLabel = preview.next_year_label;
  const close = t`Close ${yearLabel} and open ${nextYearLabel}`;
  const ask = form.handleSubmit(() => {
    setStale(null);
    confirm.reset();
    setOpen(true);
  });
  const send = (values: RolloverConfirm) =>
    confirm.mutate(values, {
      onSuccess: (answer) => {
        setOpen(false);
        onDone(
          answer.already
            ? t`${nextYearLabel} had already been opened: nothing was changed again.`
            : t`${nextYearLabel} is now the current year: ${sentence}.`,
        );
      },
      onError: (error) => {
        showServerFieldErrors(form, error);
        if (error instanceof ApiError && error.status === 409) {
          setOpen(false);
          setStale(error.message);
          void client.invalidateQueries({ queryKey: rolloverKeys.all });
        }
      },
    });
  return (
    <StepSection step={4} title={t`Confirm`} id="rollover-confirm">
      {stale && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <Trans>{stale} The preview above has been read again: check it, then confirm.</Trans>
        </Alert>
      )}
      {preview.close_refused ? (
        // A year opened by a rollover minutes ago is not closed again by a stray click (the server refuses too).
        <Alert severity="info">{preview.close_refused}</Alert>
      ) : (
        <>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {conflicts > 0
              ? conflicts === 1
                ? t`Fix the conflict in the preview first: the rollover cannot place every student yet.`
                : t`Fix the ${conflicts} conflicts in the preview first: the rollover cannot place every student yet.`
              : t`Confirming closes ${yearLabel} for good: its records become read only. It can be undone only today, while nobody has saved anything in ${nextYearLabel}.`}
          </Typography>
          <Button
            variant="contained"
            onClick={(e) => void ask(e)}
            disabled={conflicts > 0}
            sx={{ minHeight: 44 }}
          >
            {close}…
          </Button>
        </>
      )}
      <FormServerError error={!open && !stale ? confirm.error : null} sx={{ mt: 2 }} />
      {open && (
        <ConfirmDialog
          id="rollover-confirm-title"
          title={`${close}?`}
          pending={confirm.isPending}
          error={confirm.error}
          action={t`Close the year`}
          onConfirm={() => send(form.getValues())}
          onClose={() => setOpen(false)}
        >
          {sentence}; {i18n._(REGISTRATION_CLOSES)}.
        </ConfirmDialog>
      )}
    </StepSection>
  );
}
