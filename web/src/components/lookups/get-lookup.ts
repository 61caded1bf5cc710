import { i18n } from '@lingui/core';
import { lookupSchemas, type LookupName } from '@sp/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ZodType } from 'zod';
import { apiPaths } from '../../api/api-paths';
import { apiGet } from '../../api/client';
import type { SelectOption } from '../fields/field-input';
import { lookupKeys } from './query-keys';

interface LookupEndpoint<Row> {
  path: string;
  schema: ZodType<Row[]>;
  /**
   * What the record stores (religion code, ethnic group id as text, corporation title …) and what is shown,
   * in the language in use where the list has names in Spanish (towns and corporations are place names).
   */
  option: (row: Row, spanish: boolean) => SelectOption;
}

const endpoint = <Row>(e: LookupEndpoint<Row>) => e as LookupEndpoint<unknown>;

/** The lookup lists that feed the registration selects, at the spec's paths (one GET each). */
const endpoints: Record<LookupName, LookupEndpoint<unknown>> = {
  towns: endpoint({
    path: '/api/towns',
    schema: lookupSchemas.towns,
    option: (r) => ({ value: r.town_name, label: r.town_name }),
  }),
  religions: endpoint({
    path: '/api/religions',
    schema: lookupSchemas.religions,
    option: (r, spanish) => ({ value: r.code, label: (spanish && r.name_es) || r.religion }),
  }),
  ethnicGroups: endpoint({
    path: '/api/ethnic-groups',
    schema: lookupSchemas.ethnicGroups,
    option: (r, spanish) => ({ value: String(r.id), label: (spanish && r.name_es) || r.group_type }),
  }),
  regionalCorporations: endpoint({
    path: '/api/regional-corporation',
    schema: lookupSchemas.regionalCorporations,
    option: (r) => ({ value: r.title, label: r.title }),
  }),
  houses: endpoint({
    path: '/api/houses',
    schema: lookupSchemas.houses,
    option: (r) => ({ value: r.id, label: r.name }),
  }),
  formClasses: endpoint({
    path: apiPaths.formClasses,
    schema: lookupSchemas.formClasses,
    option: (r) => ({ value: r.class_id, label: r.class_id }),
  }),
};

/** The rows as the server sends them; `useLookupOptions` turns them into choices. */
export const lookupQuery = (name: LookupName) =>
  queryOptions({
    queryKey: lookupKeys.lookup(name),
    queryFn: ({ signal }): Promise<unknown[]> => apiGet(endpoints[name].path, endpoints[name].schema, signal),
    staleTime: 30 * 60 * 1000,
  });

/**
 * The choices of a lookup field; nothing is fetched for a field without a lookup. The language is read at
 * render: a field shown in the language in use renders again when it changes, and so picks its names anew.
 */
export function useLookupOptions(name: LookupName | undefined) {
  const spanish = i18n.locale === 'es';
  const select = useCallback(
    (rows: unknown[]): SelectOption[] =>
      name ? rows.map((row) => endpoints[name].option(row, spanish)) : [],
    [name, spanish],
  );
  return useQuery({ ...lookupQuery(name ?? 'towns'), enabled: name !== undefined, select });
}

/** GET /api/form-classes as rows (same cache entry), to find the student's form level (spec section 4). */
export const formClassesQuery = queryOptions({
  queryKey: lookupKeys.lookup('formClasses'),
  queryFn: ({ signal }) => apiGet(endpoints.formClasses.path, lookupSchemas.formClasses, signal),
  staleTime: 30 * 60 * 1000,
});

export const useFormClasses = () => useQuery(formClassesQuery);
