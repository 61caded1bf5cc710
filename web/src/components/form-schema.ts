import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

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
