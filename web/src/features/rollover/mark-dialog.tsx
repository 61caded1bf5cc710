import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  NEXT_SCHOOL_MAX_LENGTH,
  ROLLOVER_MARKS,
  ROLLOVER_MARK_LABELS,
  rolloverMarkSchema,
  type RolloverMark,
  type RolloverRow,
} from '@sp/domain';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../components/form-dialog';
import { FormServerError } from '../../components/form-server-error';
import { showServerFieldErrors, textFieldProps, useSchemaForm } from '../../components/form-schema';
import { useSaveMark } from './api/rollover-api';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

/** Who is marked: one student, or a class chosen in the dialog. */
export type MarkSubject = { student: RolloverRow } | { classes: readonly string[] };

interface Props {
  subject: MarkSubject;
  sixthForm: boolean;
  onClose: () => void;
  /** After a saved mark: what to tell the office. */
  onSaved: (message: string) => void;
}

const NONE = '';
export const markLabel = (mark: RolloverMark | null) =>
  mark ? ROLLOVER_MARK_LABELS[mark] : i18n._(msg`No mark: moves on as usual`);

/**
 * The mark for next year (D49) of a student or a whole class, checked with the schema the server reads: a
 * transfer names the school. A refusal keeps the dialog open with what was typed.
 */
export function MarkDialog({ subject, sixthForm, onClose, onSaved }: Props) {
  const { t } = useLingui();
  const save = useSaveMark();
  const student = 'student' in subject ? subject.student : null;
  const [classId, setClassId] = useState(
    student ? '' : ((subject as { classes: string[] }).classes[0] ?? ''),
  );
  const form = useSchemaForm(rolloverMarkSchema, {
    defaultValues: { mark: student?.mark ?? null, school: student?.school ?? '' },
  });
  const mark = form.watch('mark');
  const marks = ROLLOVER_MARKS.filter((m) => m !== 'sixth_form' || sixthForm || mark === m);
  const who = student ? `${student.first_name} ${student.last_name}` : t`class ${classId}`;
  const studentId = student?.student_id;
  const submit = form.handleSubmit((value) =>
    save.mutate(
      {
        target: student ? { studentId: student.student_id } : { classId },
        // The schema's output names no school as null; the body leaves it out.
        mark: { mark: value.mark, ...(value.school ? { school: value.school } : {}) },
      },
      {
        onSuccess: () => {
          const chosen = markLabel(value.mark).toLowerCase();
          onSaved(t`Saved: ${who}, ${chosen}.`);
        },
        onError: (error) => showServerFieldErrors(form, error),
      },
    ),
  );
  return (
    <FormDialog
      titleId="rollover-mark-title"
      title={student ? t`Next year: ${who} (${studentId})` : t`Mark a whole class`}
      pending={save.isPending}
      onClose={onClose}
      onSubmit={submit}
      submit={t`Save mark`}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {!student && (
          <TextField
            select
            id="rollover-mark-class"
            label={t`Class`}
            value={classId}
            onChange={(e) => setClassId(e.target.value)}
          >
            {(subject as { classes: string[] }).classes.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Controller
          control={form.control}
          name="mark"
          render={({ field }) => (
            <TextField
              select
              id="rollover-mark"
              label={t`Mark`}
              // "No mark" is a choice too: shown as chosen, not as an empty box.
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              // A long choice wraps on a phone rather than being cut short.
              sx={{ '& .MuiSelect-select': { whiteSpace: 'normal' } }}
              name={field.name}
              value={field.value ?? NONE}
              inputRef={field.ref}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(e.target.value === NONE ? null : e.target.value)}
            >
              <MenuItem value={NONE}>{markLabel(null)}</MenuItem>
              {marks.map((m) => (
                <MenuItem key={m} value={m}>
                  {markLabel(m)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {mark === 'transferring' && (
          <TextField
            id="rollover-mark-school"
            label={t`The school they go to`}
            {...textFieldProps(form, 'school', t`At most ${NEXT_SCHOOL_MAX_LENGTH} characters.`)}
          />
        )}
        <FormServerError error={save.error} />
      </Stack>
    </FormDialog>
  );
}
