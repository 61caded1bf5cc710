import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ABSENT_INPUT, markFormSchema, markLabel, type ClassGrid } from '@sp/domain';
import { useMemo } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { FormServerError } from '../../components/form-server-error';
import { FormDialog } from '../../components/form-dialog';
import { useSchemaForm } from '../../components/form-schema';
import { useSaveMark } from './api/term-results';
import { Trans, useLingui } from '@lingui/react/macro';

export interface Editing {
  student: ClassGrid['students'][number];
  subject: ClassGrid['subjects'][number];
}

type Schema = ReturnType<typeof markFormSchema>;
type Form = UseFormReturn<z.input<Schema>, unknown, z.output<Schema>>;

/** One mark's field with its Clear button; typing after Clear takes the typed mark instead. */
function MarkField({
  form,
  name,
  label,
  stored,
}: {
  form: Form;
  name: 'course' | 'exam';
  label: string;
  stored: string;
}) {
  const { t } = useLingui();
  const cleared = useWatch({ control: form.control, name: `${name}.cleared` });
  const error = form.formState.errors[name]?.text?.message;
  const { ref, onChange, ...text } = form.register(`${name}.text`);
  const hint = cleared ? t`Will be cleared: no mark entered.` : t`A mark from 0 to 100, or ${ABSENT_INPUT}.`;
  const lowerLabel = label.toLowerCase();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        id={`mark-${name}`}
        label={label}
        {...text}
        inputRef={ref}
        onChange={(event) => {
          form.setValue(`${name}.cleared`, false);
          return onChange(event);
        }}
        error={Boolean(error)}
        helperText={error || hint}
        sx={{ flex: 1 }}
      />
      {stored && (
        <Button
          onClick={() => {
            form.setValue(`${name}.cleared`, true);
            form.setValue(`${name}.text`, '', { shouldValidate: true });
          }}
          disabled={cleared}
          sx={{ mt: 1 }}
          aria-label={t`Clear ${lowerLabel}`}
        >
          <Trans>Clear</Trans>
        </Button>
      )}
    </Stack>
  );
}

/**
 * A mark correction (D40): each mark a number or ABS, checked with the shared schema as it is typed; a blank
 * field keeps what is stored, and only Clear removes a stored mark.
 */
export function MarkDialog({
  termId,
  classId,
  editing,
  onClose,
}: {
  termId: number;
  classId: string;
  editing: Editing;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const save = useSaveMark(termId, classId);
  const before = editing.student.results.find((r) => r.subject_id === editing.subject.id);
  const course = before ? markLabel(before.course_mark, before.course_absent) : '';
  const exam = before ? markLabel(before.exam_mark, before.exam_absent) : '';
  const schema = useMemo(() => markFormSchema({ course, exam }), [course, exam]);
  const form: Form = useSchemaForm(schema, {
    mode: 'onChange',
    defaultValues: { course: { text: course, cleared: false }, exam: { text: exam, cleared: false } },
  });
  const onSubmit = form.handleSubmit((marks) =>
    save.mutate(
      {
        student_id: editing.student.id,
        subject_id: editing.subject.id,
        course_mark: marks.course,
        exam_mark: marks.exam,
      },
      { onSuccess: onClose },
    ),
  );
  return (
    <FormDialog
      titleId="mark-dialog-title"
      title={`${editing.subject.title}: ${editing.student.name}`}
      pending={save.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
      submit={t`Save`}
    >
      <DialogContentText sx={{ mb: 2 }}>
        <Trans>
          Type {ABSENT_INPUT} when the student was absent. Clear removes a mark entered by mistake.
        </Trans>
      </DialogContentText>
      <Stack spacing={2}>
        <MarkField form={form} name="course" label={t`Course mark`} stored={course} />
        <MarkField form={form} name="exam" label={t`Exam mark`} stored={exam} />
        <FormServerError error={save.error} />
      </Stack>
    </FormDialog>
  );
}
