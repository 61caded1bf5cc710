import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { networkErrorMessage } from '../../api/api-error';
import { translated } from '../../i18n/translate';
import { loadSignInChecks, type SignInChecks } from '../../api/deferred-checks';

type Values = Record<string, string | undefined>;
type Errors<T> = Partial<Record<keyof T, string>>;

export interface SignInForm<T extends Values> {
  values: T;
  errors: Errors<T>;
  /** What a TextInput needs for one field: its name, value, change handler and element. */
  field: <K extends keyof T & string>(
    name: K,
  ) => {
    name: K;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
    inputRef: (element: HTMLInputElement | null) => void;
  };
  setValue: (name: keyof T & string, value: string) => void;
  setFocus: (name: keyof T & string) => void;
  reset: (values: T) => void;
  /** Checks the values with the schema; on success hands over what the schema made of them (IDs trimmed). */
  handleSubmit: (onValid: (values: T) => void) => (event: FormEvent) => Promise<void>;
}

/** The first message for each field, in the shape the fields show. */
function errorsOf<T extends Values>(schema: ZodType<T>, values: T): { data?: T; errors: Errors<T> } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: Errors<T> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof T | undefined;
    if (key !== undefined && errors[key] === undefined) errors[key] = translated(issue.message);
  }
  return { errors };
}

/**
 * The sign-in screens' small forms (two fields each): checked with the shared schema on submit and, once
 * submitted, again as the fields change. The schema comes with its own chunk (deferred-checks), so the sign-in
 * page paints without zod or a form library.
 */
export function useSignInForm<T extends Values>(
  defaults: T,
  pick: (checks: SignInChecks) => ZodType<T>,
): SignInForm<T> {
  const [values, setValues] = useState<T>(defaults);
  const [errors, setErrors] = useState<Errors<T>>({});
  const submitted = useRef(false);
  const latest = useRef(values);
  const elements = useRef(new Map<keyof T, HTMLInputElement>());

  const check = async (next: T) => {
    const outcome = errorsOf(pick(await loadSignInChecks()), next);
    // An answer for values that have changed since is stale.
    if (latest.current === next) setErrors(outcome.errors);
    return outcome;
  };

  const change = (name: keyof T, value: string) => {
    const next = { ...latest.current, [name]: value };
    latest.current = next;
    setValues(next);
    if (submitted.current) void check(next).catch(() => undefined);
  };

  return {
    values,
    errors,
    field: (name) => ({
      name,
      value: values[name] ?? '',
      onChange: (event) => change(name, event.target.value),
      inputRef: (element) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      },
    }),
    setValue: change,
    setFocus: (name) => elements.current.get(name)?.focus(),
    reset: (next) => {
      submitted.current = false;
      latest.current = next;
      setValues(next);
      setErrors({});
    },
    handleSubmit: (onValid) => async (event) => {
      event.preventDefault();
      submitted.current = true;
      const firstKey = Object.keys(defaults)[0] as keyof T;
      const outcome = await check(latest.current).catch(() => ({
        data: undefined,
        errors: { [firstKey]: networkErrorMessage } as Errors<T>,
      }));
      if (outcome.data) return onValid(outcome.data);
      setErrors(outcome.errors);
      // Like the other forms of the portal: the first field with a problem takes the focus.
      const first = (Object.keys(defaults) as (keyof T)[]).find((key) => outcome.errors[key] !== undefined);
      if (first !== undefined) elements.current.get(first)?.focus();
    },
  };
}
