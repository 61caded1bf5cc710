import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DEFAULT_WEIGHTS, type SubjectList } from '@sp/domain';
import { useState } from 'react';
import type { useSubjectChanges } from './use-subject-changes';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  form: number;
  /** The subjects the form does not take yet. */
  choices: SubjectList['subjects'];
  offer: ReturnType<typeof useSubjectChanges>['offer'];
}

/** A subject added to a form for every term, at the default weights. */
export function OfferSubject({ form, choices, offer }: Props) {
  const { t } = useLingui();
  const [adding, setAdding] = useState('');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 2 }}>
      <TextField
        id="offer-subject"
        select
        size="small"
        label={t`Add a subject to form ${form}`}
        value={adding}
        onChange={(e) => setAdding(e.target.value)}
        sx={{ minWidth: 260, maxWidth: '100%' }}
      >
        {choices.map((s) => (
          <MenuItem key={s.id} value={String(s.id)}>
            {s.title} ({s.code})
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="outlined"
        disabled={!adding || offer.isPending}
        onClick={() =>
          offer.mutate(
            {
              subject_id: Number(adding),
              form_level: form,
              term_id: null,
              course_weight: DEFAULT_WEIGHTS.course,
              exam_weight: DEFAULT_WEIGHTS.exam,
            },
            { onSuccess: () => setAdding('') },
          )
        }
      >
        <Trans>Add to form</Trans>
      </Button>
    </Stack>
  );
}
