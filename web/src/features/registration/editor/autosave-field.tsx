import {
  fieldSchema,
  fieldValue,
  studentField,
  type FieldDefinition,
  type StudentFieldValue,
} from '@sp/domain';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import { darken } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../api/client';
import type { SaveValue } from '../../../components/autosave/autosave-machine';
import { SaveStatusIcon } from '../../../components/autosave/save-status-icon';
import { useFieldAutosave } from '../../../components/autosave/use-field-autosave';
import { FieldInput, type FieldDraft, type SelectOption } from '../../../components/fields/field-input';
import { useLookupOptions } from '../../../components/lookups/get-lookup';
import { useStudentRecord } from './record-context';

interface Props {
  name: string;
  /** Tells the step what the control now holds (living status, immigration permit). */
  onValueChange?: (value: FieldDraft) => void;
  flagStyle?: 'checkbox' | 'switch';
}

const toDraft = (field: FieldDefinition, value: StudentFieldValue): FieldDraft => {
  if (field.control === 'flag') return value === 1 ? 1 : 0;
  return value === null ? '' : String(value);
};

function requireField(name: string): FieldDefinition {
  const field = studentField(name);
  if (!field) throw new Error(`No field ${name} in the field table.`);
  return field;
}

function useOptions(field: FieldDefinition) {
  const { t, i18n } = useLingui();
  const lookup = useLookupOptions(field.lookup);
  // A fixed choice is stored in English and shown in the language in use.
  const fixed = useMemo<SelectOption[] | undefined>(
    () => field.options?.map((o) => ({ value: o, label: i18n._(o) })),
    [field.options, i18n],
  );
  if (fixed) return { options: fixed, optionsError: null };
  const list = i18n._(field.label);
  const optionsError = lookup.isError
    ? {
        message: `${t`The list “${list}” could not be loaded.`} ${errorMessage(lookup.error)}`,
        onRetry: () => void lookup.refetch(),
      }
    : null;
  return { options: lookup.data ?? [], optionsError };
}

/**
 * One registration field wired to the record and the save cycle: validated with the domain schema the
 * server runs (D15) when the user settles on a value, then sent on its own if it changed (D14).
 */
export function AutosaveField({ name, onValueChange, flagStyle }: Props) {
  const field = requireField(name);
  const { t, i18n } = useLingui();
  const { record, editable, staff, year, today, saveField, onRejected, onSignedOut } = useStudentRecord();
  const [initial] = useState(() => fieldValue(record, name));
  const [draft, setDraft] = useState<FieldDraft>(() => toDraft(field, initial));
  const [problem, setProblem] = useState<string | null>(null);
  const [uncommitted, setUncommitted] = useState(false);
  const schema = useMemo(() => fieldSchema(field, today), [field, today]);
  const { options, optionsError } = useOptions(field);

  const autosave = useFieldAutosave({
    name,
    initial,
    uncommitted,
    save: (value) => saveField(name, value),
    onRejected,
    onSignedOut,
  });

  const change = (value: FieldDraft) => {
    setDraft(value);
    setUncommitted(true);
    onValueChange?.(value);
  };

  const commit = (value: FieldDraft, controlProblem?: string) => {
    const parsed = controlProblem ? null : schema.safeParse(value);
    if (!parsed?.success) {
      setProblem(controlProblem ?? parsed?.error.issues[0]?.message ?? t`This value cannot be saved.`);
      setUncommitted(true);
      return;
    }
    setProblem(null);
    setUncommitted(false);
    const data = parsed.data as SaveValue | null | undefined;
    autosave.commit(data === null || data === undefined ? '' : data);
  };

  // Class and house are the school's to set: read-only for students, editable by staff.
  const disabled = !editable || (field.staffOnly === true && !staff);
  // Last year's answer to a question asked every year, its step not yet saved or confirmed this year (D49).
  // A box in a list is left unmarked: the step says so once instead.
  const pleaseCheck =
    year?.returning === true &&
    field.yearly === true &&
    field.control !== 'flag' &&
    !record.progress[field.step];
  const input = (
    <FieldInput
      field={field}
      id={`field-${name}`}
      value={draft}
      onChange={change}
      onCommit={commit}
      disabled={disabled}
      // Messages of the domain's rules and the server's, in the language in use (registration.domain-words.ts).
      error={problem ? i18n._(problem) : autosave.error && i18n._(autosave.error)}
      status={disabled ? undefined : <SaveStatusIcon {...autosave} />}
      options={options}
      optionsError={disabled ? null : optionsError}
      maxDate={field.allowFuture ? undefined : today}
      flagStyle={flagStyle}
    />
  );
  if (!pleaseCheck) return input;
  return (
    <>
      {input}
      {/* The warning Alert's own text colour: orange on white is below 4.5:1. */}
      <Typography
        variant="caption"
        component="p"
        sx={{ color: (theme) => darken(theme.palette.warning.main, 0.6), mt: -0.5, mb: 1 }}
      >
        <Trans>Please check: asked again every year</Trans>
      </Typography>
    </>
  );
}
