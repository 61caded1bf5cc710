import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { showServerFieldErrors } from '../../components/form-schema';

/**
 * A card of the panel as one form (ADR 0035): checked with the shared schema the server uses (D2) before
 * anything is sent, and sent as typed, for the server reads it with the same schema. A field the server
 * refuses shows its message under the field as well as in the card's status.
 */
export function useSettingsForm<V extends FieldValues>(
  schema: z.ZodType<unknown, V>,
  save: UseMutationResult<unknown, unknown, V>,
  defaultValues: DefaultValues<V>,
) {
  const form = useForm<V>({ resolver: zodResolver(schema, undefined, { raw: true }), defaultValues });
  const send = form.handleSubmit((values) =>
    save.mutate(values, { onError: (error) => showServerFieldErrors(form, error) }),
  );
  return { form, submit: (event: FormEvent) => void send(event) };
}
