import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { courseWeightFormSchema, type SubjectList } from '@sp/domain';
import { useWatch } from 'react-hook-form';
import { FormRow } from '../../components/form-row';
import { textFieldProps, useSchemaForm } from '../../components/form-schema';
import type { OfferBody } from './use-subject-changes';
import { Trans, useLingui } from '@lingui/react/macro';

export type FormSubject = SubjectList['form_subjects'][number];

interface Props {
  row: FormSubject;
  /** The term the weights are saved for (null: every term). */
  termId: number | null;
  onSave: (b: OfferBody) => void;
}

/** The course weight typed, the exam weight that follows, and Save (a row for every term saved for a term is a new row). */
export function WeightCell({ row, termId, onSave }: Props) {
  const { t } = useLingui();
  const form = useSchemaForm(courseWeightFormSchema, {
    mode: 'onChange',
    defaultValues: { course_weight: String(row.course_weight) },
  });
  const typed = useWatch({ control: form.control, name: 'course_weight' });
  const n = courseWeightFormSchema.safeParse({ course_weight: typed }).data?.course_weight;
  const onSubmit = form.handleSubmit(({ course_weight }) =>
    onSave({
      subject_id: row.subject_id,
      form_level: row.form_level,
      term_id: termId,
      course_weight,
      exam_weight: 100 - course_weight,
    }),
  );
  const examWeight = n === undefined ? '—' : 100 - n;
  return (
    <FormRow onSubmit={onSubmit} alignItems="center">
      <TextField
        size="small"
        type="number"
        label={t`Course %`}
        {...textFieldProps(form, 'course_weight')}
        sx={{ width: 100 }}
      />
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        <Trans>Exam {examWeight}%</Trans>
      </Typography>
      <Button
        type="submit"
        size="small"
        disabled={n === undefined || (n === row.course_weight && row.term_id === termId)}
      >
        <Trans>Save</Trans>
      </Button>
    </FormRow>
  );
}
