import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SubjectList } from '@sp/domain';
import { useState } from 'react';
import type { OfferBody } from './use-subject-changes';

export type FormSubject = SubjectList['form_subjects'][number];

interface Props {
  row: FormSubject;
  /** The term the weights are saved for (null: every term). */
  termId: number | null;
  onSave: (b: OfferBody) => void;
}

/** The course weight typed, the exam weight that follows, and Save (a row for every term saved for a term is a new row). */
export function WeightCell({ row, termId, onSave }: Props) {
  const [course, setCourse] = useState(String(row.course_weight));
  const n = Number(course);
  const valid = Number.isInteger(n) && n >= 0 && n <= 100;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        size="small"
        type="number"
        label="Course %"
        value={course}
        onChange={(e) => setCourse(e.target.value)}
        sx={{ width: 100 }}
        error={!valid}
      />
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        Exam {valid ? 100 - n : '—'}%
      </Typography>
      <Button
        size="small"
        disabled={!valid || (n === row.course_weight && row.term_id === termId)}
        onClick={() =>
          onSave({
            subject_id: row.subject_id,
            form_level: row.form_level,
            term_id: termId,
            course_weight: n,
            exam_weight: 100 - n,
          })
        }
      >
        Save
      </Button>
    </Stack>
  );
}
