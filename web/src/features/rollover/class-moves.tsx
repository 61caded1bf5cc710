import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CLASS_MOVES_MAX, classMovesSchema, type ClassMove } from '@sp/domain';
import { useEffect } from 'react';
import { useFieldArray, type Path } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../api/api-error';
import { FormServerError } from '../../components/form-server-error';
import { textFieldProps, useSchemaForm } from '../../components/form-schema';
import { useSaveClassMoves } from './api/rollover-api';
import { Trans, useLingui } from '@lingui/react/macro';

const grow = { flex: '1 1 0', minWidth: 0 };
const movesForm = z.object({ moves: classMovesSchema });
type MovesForm = z.input<typeof movesForm>;

interface Props {
  moves: readonly ClassMove[];
  /** A class the preview asked to fix: a row for it is added (if missing) and its new class focused. */
  fixClass: { classId: string } | null;
}

/** Step 2's old → new class map: the classes that do not simply move one form up (1A → 2A). */
export function ClassMoves({ moves, fixClass }: Props) {
  const { t } = useLingui();
  const save = useSaveClassMoves();
  const form = useSchemaForm(movesForm, { defaultValues: { moves: [...moves] } });
  const rows = useFieldArray({ control: form.control, name: 'moves' });
  useEffect(() => {
    if (!fixClass) return;
    const at = form.getValues('moves').findIndex((m) => m.from === fixClass.classId);
    if (at >= 0) form.setFocus(`moves.${at}.to`);
    else
      rows.append(
        { from: fixClass.classId, to: '' },
        { shouldFocus: true, focusName: `moves.${rows.fields.length}.to` },
      );
    // A new request (a new object) each time the office follows a "fix it" link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fixClass]);

  const submit = form.handleSubmit((value) =>
    save.mutate(value.moves, {
      onSuccess: () => form.reset({ moves: value.moves }),
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        // The server names a row's field as "2.to": show it under that field too.
        for (const e of error.fieldErrors)
          if (e.field && /^\d+\.(from|to)$/.test(e.field))
            form.setError(`moves.${e.field}` as Path<MovesForm>, { type: 'server', message: e.message });
      },
    }),
  );
  const field = (i: number, key: 'from' | 'to') => textFieldProps(form, `moves.${i}.${key}`);
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} id="rollover-moves">
      <Typography variant="h6" component="h3" sx={{ fontSize: '1rem', mt: 3, mb: 1 }}>
        <Trans>Class moves</Trans>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        <Trans>
          Without a move a class goes one form up with the same letter (1A → 2A). Add a move where the school
          renames or merges classes.
        </Trans>
      </Typography>
      {/* An empty list is no list (axe: a list needs its items). */}
      <Stack spacing={1} {...(rows.fields.length ? { role: 'list', 'aria-label': t`Class moves` } : {})}>
        {rows.fields.map((row, i) => {
          const from = form.watch(`moves.${i}.from`);
          return (
            <Box key={row.id} role="listitem" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                size="small"
                label={t`From class`}
                id={`move-${i}-from`}
                {...field(i, 'from')}
                sx={grow}
              />
              <TextField size="small" label={t`To class`} id={`move-${i}-to`} {...field(i, 'to')} sx={grow} />
              <IconButton
                aria-label={from ? t`Remove the move from ${from}` : t`Remove the move from this class`}
                onClick={() => rows.remove(i)}
                sx={{ width: 44, height: 44, flexShrink: 0 }}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          );
        })}
      </Stack>
      {rows.fields.length === 0 && (
        <Typography variant="body2">
          <Trans>No class moves.</Trans>
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Button
          onClick={() => rows.append({ from: '', to: '' })}
          disabled={rows.fields.length >= CLASS_MOVES_MAX}
        >
          <Trans>Add a class move</Trans>
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          <Trans>Save class moves</Trans>
        </Button>
      </Box>
      <FormServerError error={save.error} sx={{ mt: 1 }} />
      {save.isSuccess && !form.formState.isDirty && (
        <Alert severity="success" sx={{ mt: 1 }}>
          <Trans>Class moves saved: the preview below uses them.</Trans>
        </Alert>
      )}
    </Box>
  );
}
