import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  EARLIEST_ADMIN_BIRTH_DATE,
  earliestBirthDateMessage,
  futureDateMessage,
  messages,
  studentField,
  type LookupName,
} from '@sp/domain';
import { useLookupOptions } from '../../../components/lookups/get-lookup';
import { i18n as lingui, type I18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

export const EDIT_FIELDS = [
  'first_name',
  'last_name',
  'date_of_birth',
  'birth_cert_no',
  'class_id',
  'house_code',
] as const;
export type EditField = (typeof EDIT_FIELDS)[number];
export type EditDrafts = Record<EditField, string>;

const labels: Partial<Record<EditField, MessageDescriptor>> = { birth_cert_no: msg`Birth Certificate Pin` };
const label = (name: EditField, i18n: I18n) => {
  const own = labels[name];
  return own ? i18n._(own) : (studentField(name)?.label ?? name);
};

const REQUIRED: readonly EditField[] = ['first_name', 'last_name', 'date_of_birth'];

/**
 * The dialog's own rules (spec section 5): names and the date of birth are required ('Required'), lengths
 * from the field table, a date of birth from 1950-01-01 to today at the school (`today`, yyyy-MM-dd).
 */
export function editProblem(name: EditField, value: string, today?: string): string | null {
  if (REQUIRED.includes(name) && !value.trim()) return messages.editRequired;
  const max = studentField(name)?.maxLength;
  if (max && value.length > max) return lingui._(msg`Use at most ${max} characters.`);
  if (name === 'date_of_birth' && value < EARLIEST_ADMIN_BIRTH_DATE) return earliestBirthDateMessage;
  if (name === 'date_of_birth' && today && value > today) return futureDateMessage;
  return null;
}

interface Props {
  drafts: EditDrafts;
  problems: Partial<Record<EditField, string>>;
  onChange: (name: EditField, value: string) => void;
  /** The field was left or a choice was made: save it, unless the box already knows its `problem`. */
  onCommit: (name: EditField, value: string, problem?: string) => void;
  /** Today at the school (yyyy-MM-dd), the latest date of birth; undefined until the settings have loaded. */
  today?: string;
}

function LookupSelect({ name, lookup, ...props }: Props & { name: EditField; lookup: LookupName }) {
  const { i18n } = useLingui();
  const options = useLookupOptions(lookup);
  return (
    <TextField
      select
      id={`edit-${name}`}
      label={label(name, i18n)}
      value={props.drafts[name]}
      onChange={(event) => {
        props.onChange(name, event.target.value);
        props.onCommit(name, event.target.value);
      }}
      fullWidth
      margin="dense"
    >
      {(options.data ?? []).map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The browser's own date input, as on the registration form: typed with the keyboard, the phone's own picker
 * on a phone, and no date library to download. It holds yyyy-MM-dd like the record.
 */
function BirthDateInput({ drafts, problems, onChange, onCommit, today }: Props) {
  const { i18n } = useLingui();
  const commit = (input: EventTarget) => {
    if (!(input instanceof HTMLInputElement)) return;
    // A date missing its day, month or year holds '' and says so through `badInput`.
    onCommit('date_of_birth', input.value, input.validity.badInput ? messages.dateIncomplete : undefined);
  };
  return (
    <TextField
      id="edit-date_of_birth"
      type="date"
      label={label('date_of_birth', i18n)}
      value={drafts.date_of_birth}
      onChange={(event) => onChange('date_of_birth', event.target.value)}
      onBlur={(event) => commit(event.target)}
      // Enter saves the date, as leaving the box would.
      onKeyDown={(event) => event.key === 'Enter' && commit(event.target)}
      error={Boolean(problems.date_of_birth)}
      helperText={problems.date_of_birth}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: EARLIEST_ADMIN_BIRTH_DATE, max: today } }}
      fullWidth
      margin="dense"
    />
  );
}

export function EditStudentFields(props: Props) {
  const { i18n } = useLingui();
  const { drafts, problems, onChange, onCommit } = props;
  const text = (name: EditField) => (
    <TextField
      id={`edit-${name}`}
      label={label(name, i18n)}
      value={drafts[name]}
      onChange={(event) => onChange(name, event.target.value)}
      onBlur={(event) => onCommit(name, event.target.value)}
      error={Boolean(problems[name])}
      helperText={problems[name]}
      required={name === 'first_name' || name === 'last_name'}
      slotProps={{ htmlInput: { maxLength: studentField(name)?.maxLength } }}
      fullWidth
      margin="dense"
    />
  );
  return (
    <>
      {text('first_name')}
      {text('last_name')}
      <BirthDateInput {...props} />
      {text('birth_cert_no')}
      <LookupSelect {...props} name="class_id" lookup="formClasses" />
      <LookupSelect {...props} name="house_code" lookup="houses" />
    </>
  );
}
