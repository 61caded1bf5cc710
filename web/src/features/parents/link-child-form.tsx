import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { messages, type ParentChild } from '@sp/domain';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { TextInput } from '../../components/text-input';
import { useLinkChild } from './api';
import { childName } from './use-switch-child';
import { Trans, useLingui } from '@lingui/react/macro';
import { translated } from '../../i18n/translate';

/** The message the server gave for one field of the form, if it named that field. */
const fieldMessage = (error: unknown, field: string) =>
  error instanceof ApiError ? error.fieldErrors.find((e) => e.field === field)?.message : undefined;

/** "Link a child": the student ID and the family code from the school's letter or registration form (D50). */
export function LinkChildForm({ onLinked }: { onLinked: (child: ParentChild) => void }) {
  const { t } = useLingui();
  const link = useLinkChild();
  const [studentId, setStudentId] = useState('');
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState<{ id: boolean; code: boolean }>({ id: false, code: false });
  const [linked, setLinked] = useState<ParentChild | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { student_id: studentId.trim(), family_code: code.trim() };
    setEmpty({ id: body.student_id === '', code: body.family_code === '' });
    if (!body.student_id || !body.family_code) return;
    setLinked(null);
    link.mutate(body, {
      onSuccess: (child) => {
        setLinked(child);
        setStudentId('');
        setCode('');
        onLinked(child);
      },
    });
  };

  const idError = empty.id ? translated(messages.required) : fieldMessage(link.error, 'student_id');
  const codeError = empty.code ? translated(messages.required) : fieldMessage(link.error, 'family_code');
  const linkedName = linked && childName(linked);
  const otherError = link.error && !idError && !codeError ? errorMessage(link.error) : null;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="link-child-title">
      <Typography id="link-child-title" variant="h6" component="h2">
        <Trans>Link a child</Trans>
      </Typography>
      <Typography variant="body2">
        <Trans>
          Enter the child&apos;s student ID and the family code from the letter or the registration form the
          school gave you.
        </Trans>
      </Typography>
      {linked && (
        <Alert severity="success" role="status" sx={{ mt: 1 }}>
          <Trans>{linkedName} is now linked to your account.</Trans>
        </Alert>
      )}
      {otherError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {otherError}
        </Alert>
      )}
      <TextInput
        id="link-student-id"
        label={t`Student ID`}
        value={studentId}
        onChange={(event) => setStudentId(event.target.value)}
        error={Boolean(idError)}
        helperText={idError}
        inputProps={{ autoCapitalize: 'none', spellCheck: false, maxLength: 20 }}
      />
      <TextInput
        id="link-family-code"
        label={t`Family code`}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={Boolean(codeError)}
        helperText={codeError ?? t`Eight letters and digits, e.g. ABCD-2345`}
        inputProps={{ autoCapitalize: 'characters', spellCheck: false, maxLength: 12 }}
      />
      <Button type="submit" variant="contained" disabled={link.isPending} sx={{ mt: 1 }}>
        <Trans>Link this child</Trans>
      </Button>
    </Box>
  );
}
