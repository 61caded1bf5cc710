import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import {
  EARLIEST_ADMIN_BIRTH_DATE,
  earliestBirthDateMessage,
  studentField,
  type LookupName,
} from '@sp/domain';
import { format, isValid, parseISO } from 'date-fns';
import { useSchoolTime } from '../../../api/school-time';
import { useLookupOptions } from '../../../components/student-record/api/get-lookup';

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

const labels: Partial<Record<EditField, string>> = { birth_cert_no: 'Birth Certificate Pin' };
const label = (name: EditField) => labels[name] ?? studentField(name)?.label ?? name;

/** The dialog's own rules (spec section 5): names are required ('Required'), lengths from the field table. */
export function editProblem(name: EditField, value: string): string | null {
  if ((name === 'first_name' || name === 'last_name') && !value.trim()) return 'Required';
  const max = studentField(name)?.maxLength;
  if (max && value.length > max) return `Use at most ${max} characters.`;
  if (name === 'date_of_birth' && value && value < EARLIEST_ADMIN_BIRTH_DATE) return earliestBirthDateMessage;
  return null;
}

interface Props {
  drafts: EditDrafts;
  problems: Partial<Record<EditField, string>>;
  onChange: (name: EditField, value: string) => void;
  /** The field was left, or a choice or date was made: save it. */
  onCommit: (name: EditField, value: string) => void;
}

function LookupSelect({ name, lookup, ...props }: Props & { name: EditField; lookup: LookupName }) {
  const options = useLookupOptions(lookup);
  return (
    <TextField
      select
      id={`edit-${name}`}
      label={label(name)}
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

export function EditStudentFields(props: Props) {
  const { drafts, problems, onChange, onCommit } = props;
  const text = (name: EditField) => (
    <TextField
      id={`edit-${name}`}
      label={label(name)}
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
  const birth = drafts.date_of_birth ? parseISO(drafts.date_of_birth) : null;
  const today = useSchoolTime()?.today();
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      {text('first_name')}
      {text('last_name')}
      <DatePicker
        label={label('date_of_birth')}
        value={birth && isValid(birth) ? birth : null}
        openTo="year"
        views={['year', 'month', 'day']}
        format="yyyy-MM-dd"
        minDate={parseISO(EARLIEST_ADMIN_BIRTH_DATE)}
        maxDate={today ? parseISO(today) : undefined}
        onAccept={(value) => {
          if (!value || !isValid(value)) return;
          const day = format(value, 'yyyy-MM-dd');
          onChange('date_of_birth', day);
          onCommit('date_of_birth', day);
        }}
        slotProps={{
          field: { readOnly: true },
          textField: {
            id: 'edit-date_of_birth',
            fullWidth: true,
            margin: 'dense',
            error: Boolean(problems.date_of_birth),
            helperText: problems.date_of_birth ?? 'Pick the year, the month, then the day.',
          },
        }}
      />
      {text('birth_cert_no')}
      <LookupSelect {...props} name="class_id" lookup="formClasses" />
      <LookupSelect {...props} name="house_code" lookup="houses" />
    </LocalizationProvider>
  );
}
