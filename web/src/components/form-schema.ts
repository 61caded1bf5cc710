import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type FieldError,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../api/api-error';

/**
 * A form checked with a shared schema from `domain` (ADR 0035): the fields hold what is typed (the schema's
 * input) and the submit handler gets what the schema reads from it (its output).
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'>,
) {
  return useForm<Input, unknown, Output>({ ...options, resolver: zodResolver(schema) });
}

/** A registered text field's props: the field, its ref, and the schema's message (else the hint) under it. */
export function textFieldProps<V extends FieldValues, O>(
  form: UseFormReturn<V, unknown, O>,
  name: Path<V>,
  hint?: string,
  options?: RegisterOptions<V, Path<V>>,
) {
  const { ref, ...field } = form.register(name, options);
  const error: FieldError | undefined = get(form.formState.errors, name);
  const message = error?.message;
  return { ...field, inputRef: ref, error: Boolean(message), helperText: message ?? hint };
}

/** What the server refused about a field, under that field too (FormServerError shows its whole answer). */
export function showServerFieldErrors<V extends FieldValues, O>(
  form: UseFormReturn<V, unknown, O>,
  error: unknown,
) {
  if (!(error instanceof ApiError)) return;
  const values = form.getValues();
  for (const e of error.fieldErrors)
    if (e.field && e.field in values)
      form.setError(e.field as Path<V>, { type: 'server', message: e.message });
}
