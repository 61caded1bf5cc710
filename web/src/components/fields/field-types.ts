import type { FieldDefinition } from '@sp/domain';
import type { ReactNode } from 'react';

/** What a control holds while the user works on it: text (also numbers, phones, dates) or a 1/0 flag. */
export type FieldDraft = string | number;

export interface SelectOption {
  value: string;
  label: string;
}

export interface FieldInputProps {
  field: FieldDefinition;
  /** The input's id; helper and error texts hang off it. */
  id: string;
  value: FieldDraft;
  /** Every edit (each keystroke in a text box). */
  onChange: (value: FieldDraft) => void;
  /**
   * The user settled on a value: left a text box, or picked in a select, checkbox or switch. `problem` is set
   * when the control itself knows the value is unusable (a date with its day missing).
   */
  onCommit: (value: FieldDraft, problem?: string) => void;
  disabled?: boolean;
  /** A validation or server message; replaces the hint. */
  error?: string | null;
  /** The save mark shown at the end of the control. */
  status?: ReactNode;
  /** Choices of a select, a lookup or a read-only lookup value. */
  options?: readonly SelectOption[];
  /** The lookup list could not be loaded: say so and offer to try again (D12). */
  optionsError?: { message: string; onRetry: () => void } | null;
  /** The latest day a date may be (yyyy-MM-dd). */
  maxDate?: string;
  /** Flags: a checkbox in a list, or a switch for a yes/no setting. */
  flagStyle?: 'checkbox' | 'switch';
}
