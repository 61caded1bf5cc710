import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { useSubjectChanges } from './use-subject-changes';

/** A new subject by code and name; the fields empty once it is saved. */
export function AddSubjectForm({ add }: { add: ReturnType<typeof useSubjectChanges>['addSubject'] }) {
  const [code, setCode] = useState('');
  const [title, setTitle] = useState('');
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', mb: 3 }}
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate({ code, title }, { onSuccess: () => (setCode(''), setTitle('')) });
      }}
    >
      <TextField
        id="subject-code"
        size="small"
        label="Code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        sx={{ width: 120 }}
      />
      <TextField
        id="subject-title"
        size="small"
        label="Subject name"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        sx={{ width: 240, maxWidth: '100%' }}
      />
      <Button type="submit" variant="outlined" disabled={!code || !title || add.isPending}>
        Add subject
      </Button>
    </Stack>
  );
}
