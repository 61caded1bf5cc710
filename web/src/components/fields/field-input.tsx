import type { FieldInputProps } from './field-types';
import { FlagFieldInput } from './flag-field-input';
import { SelectFieldInput } from './select-field-input';
import { TextFieldInput } from './text-field-input';

export type { FieldDraft, FieldInputProps, SelectOption } from './field-types';

/** One control for a field of the domain table, chosen by the field's `control`. */
export function FieldInput(props: FieldInputProps) {
  switch (props.field.control) {
    case 'select':
    case 'lookup':
      return <SelectFieldInput {...props} />;
    case 'flag':
      return <FlagFieldInput {...props} />;
    default:
      return <TextFieldInput {...props} />;
  }
}
